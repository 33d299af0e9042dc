/**
 * Input schemas several channels of the IPC contract (preload/contract.ts) share; the fields
 * shared with the CLI and the job queue are in main/contract/fields.ts.
 */
import { z } from 'zod';
import { BackendInput, IsoDateOrDateTime, RowIdInput, SportInput, SwingTypeInput, Tag } from '../main/contract/fields.js';

/** No input: the renderer calls `invoke(channel)`. */
export const NoInput = z.undefined();

/** `{id}` of a library row. */
export const ById = z.strictObject({ id: RowIdInput });

/** A stroke of a session (`SessionStroke.index`, from 1; main/library/session-strokes.ts); null or absent = its analysed stroke. */
export const StrokeIndexInput = z.int().min(1, 'a stroke index is at least 1').max(10_000).nullable().default(null);

/** Notes and tags: the rules of main/contract/fields.ts (shared with the hand-over import). */
export { NotesText, Tag } from '../main/contract/fields.js';

/** Filter of `library.listSessions` (main/library/library-types.ts SessionFilter). */
export const SessionFilterInput = z.strictObject({
  playerId: RowIdInput.optional(),
  from: IsoDateOrDateTime.optional(),
  to: IsoDateOrDateTime.optional(),
  sport: SportInput.optional(),
  swingType: SwingTypeInput.optional(),
  tag: Tag.optional(),
  text: z.string().max(200).optional(),
  limit: z.int().min(1).max(1000).optional(),
  offset: z.int().min(0).optional(),
});

/** An http(s) URL, or '' for "not configured". */
export const HttpUrlOrEmpty = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'must be an http(s) URL or empty' }),
]);

/** What `settings.update` may change. Window geometry and libraryDir are main's business only. */
export const SettingsPatchInput = z.strictObject({
  backend: BackendInput.optional(),
  remote: z.strictObject({ baseUrl: HttpUrlOrEmpty, techniqueUrl: HttpUrlOrEmpty }).optional(),
  units: z.enum(['metric', 'imperial']).optional(),
  theme: z.enum(['dark', 'light', 'system']).optional(),
});

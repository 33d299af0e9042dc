/**
 * The names API.md gives the technique request's choices (sports, swing types, hands) and our
 * extension of the swing types, in a
 * module of their own so that both the request schema (technique-schema.ts) and the shared input
 * fields (fields.ts, which technique-schema.ts uses for the player height and ball time) can import
 * them without an import cycle. technique-schema.ts re-exports them.
 */

/** Sports named by API.md. */
export const SPORTS = ['pickleball', 'tennis', 'none'] as const;
/** One of {@link SPORTS}. */
export type Sport = (typeof SPORTS)[number];

/** Swing types named by API.md: the only ones a vendor service is sure to take. */
export const API_SWING_TYPES = ['forehand_drive', 'backhand_drive'] as const;
/** One of {@link API_SWING_TYPES}. */
export type ApiSwingType = (typeof API_SWING_TYPES)[number];

/**
 * Our documented extension of `swing_type` (not in API.md; main/analysis/README.md "Swing
 * types"): `serve` (tennis: the overhead serve; pickleball: the underhand serve) and `dink`
 * (pickleball: a soft stroke near the kitchen). Only the local service analyses them; the remote
 * client names the local service when a vendor refuses one (main/api/remote-analysis.ts).
 */
export const EXTENDED_SWING_TYPES = ['serve', 'dink'] as const;

/** Every swing type the app knows: API.md's two, then {@link EXTENDED_SWING_TYPES}. */
export const SWING_TYPES = [...API_SWING_TYPES, ...EXTENDED_SWING_TYPES] as const;
/** One of {@link SWING_TYPES}. */
export type SwingType = (typeof SWING_TYPES)[number];

/**
 * The sports each swing type exists in. Decided: a dink is a pickleball stroke only (tennis has
 * no kitchen); a serve is a tennis or pickleball stroke; `none` (another sport) keeps the drives.
 */
export const SWING_TYPE_SPORTS: Readonly<Record<SwingType, readonly Sport[]>> = {
  forehand_drive: SPORTS,
  backhand_drive: SPORTS,
  serve: ['tennis', 'pickleball'],
  dink: ['pickleball'],
};

/** True for API.md's own swing types (a vendor service takes them). */
export function isApiSwingType(s: string): s is ApiSwingType {
  return (API_SWING_TYPES as readonly string[]).includes(s);
}

/** Display name of a swing type ("Forehand drive", "Serve", "Dink"), for the app, the CLI and the reports. */
export const SWING_TYPE_LABELS: Readonly<Record<SwingType, string>> = {
  forehand_drive: 'Forehand drive',
  backhand_drive: 'Backhand drive',
  serve: 'Serve',
  dink: 'Dink',
};

/** Dominant hand. */
export const HANDS = ['left', 'right'] as const;
/** One of {@link HANDS}. */
export type Hand = (typeof HANDS)[number];

/**
 * The zod schema of a stored {@link Warning} (library `warnings_json`, a job's safe point, the
 * eval's pose cache) and how a stored one is read back. Apart from warning.ts so the renderer
 * imports that without zod.
 */
import { z } from 'zod';
import { fromText, WARNING_SEVERITIES, type Warning } from './warning.js';

/** Zod schema of a stored or sent {@link Warning}. */
export const WarningSchema = z.object({
  code: z.string().min(1),
  severity: z.enum(WARNING_SEVERITIES),
  message: z.string(),
  tip: z.string().optional(),
  detail: z.string().optional(),
  /** Frame index range (inclusive) the warning is about, in the video's frame numbers. */
  frames: z.object({ from: z.number().int(), to: z.number().int() }).optional(),
}) satisfies z.ZodType<Warning>;

/**
 * A stored warning as it is read back: a typed warning as it is, a string (stored before typed
 * warnings) as warning.ts fromText 'legacy' (severity 'notice'); anything else as a legacy
 * warning holding its JSON.
 */
export function readStoredWarning(x: unknown): Warning {
  if (typeof x === 'string') return fromText(x, 'legacy');
  const p = WarningSchema.safeParse(x);
  return p.success ? p.data : fromText(JSON.stringify(x), 'legacy');
}

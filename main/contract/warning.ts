/**
 * One warning type for the whole app (engine, analysis, pipeline, jobs, library, screens).
 *
 * A warning says ONE short thing a coach reads (`message`), may suggest what to do (`tip`), and
 * keeps the numbers a developer wants (`detail`, folded away in the app). `code` is a stable
 * machine name: code that needs to know what a warning is about matches on it, never on the text.
 *
 * Decided: strings only at the edges that API.md fixes as `string[]` (the `/process` NDJSON lines
 * and done object, the vendor archive's technique_analysis.json): there a warning is
 * {@link warningText}. A string from elsewhere (a remote service's warnings, a library stored
 * before typed warnings, an old job) becomes {@link fromText}: code 'service' for a service's
 * lines, 'legacy' for stored ones, severity 'notice', the string as the message (a string in
 * the "message — detail" form of warningText split back into the two). The hand-over export
 * (export/analysis-json.ts) also carries the strings.
 */

/**
 * How much a warning matters to a coach, most serious first:
 * - `warning`: the result may be wrong or incomplete (a feature left out, the player lost, a
 *   stroke other than the one asked for); read it before trusting the numbers.
 * - `notice`: something was guessed, repaired or skipped; the result stands, but knowing it
 *   helps (slow motion guessed, left/right repaired, a step that did not run).
 * - `info`: how the analysis went (strokes found, a slower runtime); nothing to act on.
 */
export const WARNING_SEVERITIES = ['warning', 'notice', 'info'] as const;

/** One of {@link WARNING_SEVERITIES}. */
export type WarningSeverity = (typeof WARNING_SEVERITIES)[number];

/**
 * A warning: `code` (stable machine name, e.g. 'pose-low-confidence', 'feature-left-out'),
 * `severity`, `message` (one short sentence for a coach), optional `tip` (what to do),
 * `detail` (technical detail with the numbers), `frames` (frame index range, inclusive, in the
 * video's frame numbers). Zod schema for stored ones: warning-schema.ts (kept apart so the
 * renderer imports this file without zod).
 */
export interface Warning {
  code: string;
  severity: WarningSeverity;
  message: string;
  tip?: string;
  detail?: string;
  frames?: { from: number; to: number };
}

/** Makes a warning; `extra` holds the optional fields (tip, detail, frames) and is left out when empty. */
export function warning(code: string, severity: WarningSeverity, message: string, extra: Pick<Warning, 'tip' | 'detail' | 'frames'> = {}): Warning {
  const w: Warning = { code, severity, message };
  if (extra.tip) w.tip = extra.tip;
  if (extra.detail) w.detail = extra.detail;
  if (extra.frames) w.frames = extra.frames;
  return w;
}

/**
 * The API.md string form of a warning: the message, then the detail after " — " when there is
 * one ("Left/right arms were mixed up in a few frames and were corrected. — repaired in 8 of 317
 * frames"). A warning read from a string ({@link fromText}) gives its string back unchanged.
 */
export function warningText(w: Warning): string {
  return w.detail ? `${w.message}${DETAIL_SEPARATOR}${w.detail}` : w.message;
}

/** Between message and detail in {@link warningText}. */
const DETAIL_SEPARATOR = ' — ';

/**
 * A warning that arrived as a string: a remote service's (`code` 'service') or a stored legacy one
 * ('legacy'); severity 'notice'. A string in the {@link warningText} form ("message — detail",
 * our own service's) is split back into message and detail, so `warningText(fromText(s)) === s`.
 */
export function fromText(text: string, code: 'service' | 'legacy' = 'service'): Warning {
  const cut = text.indexOf(DETAIL_SEPARATOR);
  if (cut > 0) return { code, severity: 'notice', message: text.slice(0, cut), detail: text.slice(cut + DETAIL_SEPARATOR.length) };
  return { code, severity: 'notice', message: text };
}

/** Distinct warnings (same code and text kept once), in first-seen order. */
export function distinctWarnings(ws: readonly Warning[]): Warning[] {
  const seen = new Set<string>();
  return ws.filter((w) => {
    const key = `${w.code}\u0000${warningText(w)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether two warnings say the same (same code and text). */
export function sameWarning(a: Warning, b: Warning): boolean {
  return a.code === b.code && warningText(a) === warningText(b);
}

/**
 * Warnings grouped by severity, most serious first ({@link WARNING_SEVERITIES} order), empty
 * groups left out; within a group the original order is kept.
 */
export function groupWarnings(ws: readonly Warning[]): { severity: WarningSeverity; warnings: Warning[] }[] {
  return WARNING_SEVERITIES.map((severity) => ({ severity, warnings: ws.filter((w) => w.severity === severity) })).filter((g) => g.warnings.length > 0);
}

/**
 * Warnings that say the same thing (same code, severity and message) about different moments,
 * said once: `count` of them, the `frames` each names (its `frames.from`, in order; those without
 * frames add none) and their `details` in order. A session of hundreds of strokes says "A swing was
 * not counted as a stroke." once for each swing the ball ruled out; a coach reads it once, with
 * where (issue 29 item 5).
 */
export interface RepeatedWarning {
  /** The first of them. */
  warning: Warning;
  count: number;
  frames: number[];
  details: string[];
}

/** {@link RepeatedWarning}s of `ws` in first-seen order (a warning said once is a fold of 1). */
export function foldRepeated(ws: readonly Warning[]): RepeatedWarning[] {
  const byKey = new Map<string, RepeatedWarning>();
  for (const w of ws) {
    const key = `${w.code}\u0000${w.severity}\u0000${w.message}`;
    const r = byKey.get(key) ?? { warning: w, count: 0, frames: [], details: [] };
    r.count++;
    if (w.frames) r.frames.push(w.frames.from);
    if (w.detail) r.details.push(w.detail);
    byKey.set(key, r);
  }
  return [...byKey.values()];
}

/** Most frame numbers {@link repeatedText} lists before "and N more". */
const LISTED_FRAMES = 8;

/**
 * One line for a {@link RepeatedWarning}: {@link warningText} of a warning said once; else its
 * message and how often, with the first {@link LISTED_FRAMES} frames ("A swing was not counted as
 * a stroke. (37 times: frames 120, 450, …, 2210 and 29 more)"); the details stay in the warnings.
 */
export function repeatedText(r: RepeatedWarning): string {
  if (r.count === 1) return warningText(r.warning);
  const shown = r.frames.slice(0, LISTED_FRAMES).join(', ');
  const more = r.frames.length > LISTED_FRAMES ? ` and ${r.frames.length - LISTED_FRAMES} more` : '';
  const where = r.frames.length === 0 ? '' : `: frame${r.frames.length > 1 ? 's' : ''} ${shown}${more}`;
  return `${r.warning.message} (${r.count} times${where})`;
}

/**
 * A stroke reference: one side of a comparison, written `<session-id>` or
 * `<session-id>:<stroke>`. Pure: the CLI's `export --compare`, the comparison exports and the
 * renderer's Compare route read and write it.
 */

/** One side of a comparison: a session and its stroke (`SessionStroke.index`; null = its analysed stroke). */
export interface StrokeRef {
  sessionId: number;
  strokeIndex: number | null;
}

/**
 * A stroke reference written as `<session-id>` (the analysed stroke) or `<session-id>:<stroke>`
 * (e.g. `12:2`, stroke 2 of session 12): the CLI's `export --compare` arguments and the Compare
 * route's `#/compare/12:2/7`. @returns null unless both are whole numbers ≥ 1.
 */
export function parseStrokeRef(text: string): StrokeRef | null {
  const m = /^(\d+)(?::(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const sessionId = Number(m[1]);
  const strokeIndex = m[2] === undefined ? null : Number(m[2]);
  if (!Number.isSafeInteger(sessionId) || sessionId < 1 || (strokeIndex !== null && !(Number.isSafeInteger(strokeIndex) && strokeIndex >= 1))) return null;
  return { sessionId, strokeIndex };
}

/** The text of a stroke reference, as {@link parseStrokeRef} reads it. */
export function formatStrokeRef(r: StrokeRef): string {
  return r.strokeIndex === null ? String(r.sessionId) : `${r.sessionId}:${r.strokeIndex}`;
}

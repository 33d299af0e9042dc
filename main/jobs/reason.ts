/**
 * One-line failure reasons for jobs and CLI errors: the error's message with line breaks folded
 * and length capped, prefixed by what kind of error it was when that helps the user.
 */

/** Longest stored reason, characters (fits one terminal line pair and one UI row). */
export const MAX_REASON_CHARS = 300;

/**
 * One line describing `err`: its message (whitespace runs folded to one space), capped at
 * {@link MAX_REASON_CHARS}. Never includes stacks or causes.
 */
export function oneLineReason(err: unknown): string {
  const raw = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
  const text = (raw || (err instanceof Error ? err.name : 'unknown error')).replace(/\s+/g, ' ').trim();
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS - 1)}…` : text;
}

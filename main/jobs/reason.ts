/**
 * One-line failure reasons for jobs, CLI errors and the app's failures: the sentence of a known
 * SQLite or file-system error (main/contract/error-line.ts), else the error's message, with line
 * breaks folded, bidirectional control characters removed (main/contract/display-names.ts) and
 * the length capped.
 */
import { displayText } from '../contract/display-names.js';
import { systemErrorLine } from '../contract/error-line.js';

/** Longest stored reason, characters (fits one terminal line pair and one UI row). */
export const MAX_REASON_CHARS = 300;

/**
 * One line describing `err`: the cause in words for SQLite and file-system errors
 * (`systemErrorLine`), otherwise its message; whitespace runs folded to one space, capped at
 * {@link MAX_REASON_CHARS}. Never includes stacks or causes.
 */
export function oneLineReason(err: unknown): string {
  const raw = systemErrorLine(err) ?? (err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err));
  const text = displayText(raw || (err instanceof Error ? err.name : 'unknown error')).replace(/\s+/g, ' ').trim();
  return text.length > MAX_REASON_CHARS ? `${text.slice(0, MAX_REASON_CHARS - 1)}…` : text;
}

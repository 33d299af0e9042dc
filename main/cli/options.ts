/**
 * Parsers of CLI option values: each throws commander's InvalidArgumentError with a message
 * that names the allowed values, so a bad option is one clear line and exit code 2.
 */
import { InvalidArgumentError } from 'commander';
import type { z } from 'zod';
import { zodIssueText } from '../contract/zod-issues.js';
import { SwingTypeInput } from '../contract/fields.js';
import type { SwingType } from '../contract/technique-names.js';

/** A parser of a finite number within [min, max]. */
export function numberIn(min: number, max: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
      throw new InvalidArgumentError(`expected a number from ${min} to ${max}`);
    }
    return n;
  };
}

/**
 * A parser that checks the value with a field schema of main/contract/fields.ts, so an option
 * is refused with the same rule and message as the app's IPC contract and the job queue
 * (`--height 100` → "player height must be between 500 and 2800 mm (got 100)").
 * @param as 'number': text that reads as a number is converted first; other text is checked as
 *   it is, so the schema refuses it showing what was typed.
 */
export function optionFrom<S extends z.ZodType>(schema: S, as: 'text' | 'number' = 'text'): (value: string) => z.output<S> {
  return (value) => {
    const n = Number(value);
    const r = schema.safeParse(as === 'number' && value.trim() !== '' && !Number.isNaN(n) ? n : value);
    if (!r.success) throw new InvalidArgumentError(zodIssueText(r.error));
    return r.data;
  };
}

/** A parser of a positive integer id. */
export function rowId(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive integer id');
  return Number(value);
}

/**
 * The words a coach types for the two drives, and the swing type each names. Decided: the CLI
 * takes `forehand` and `backhand` (any case) for API.md's `forehand_drive` and `backhand_drive`,
 * as a coach says them; the canonical names stay what is stored and printed.
 */
export const SWING_TYPE_WORDS: Readonly<Record<string, SwingType>> = { forehand: 'forehand_drive', backhand: 'backhand_drive' };

/**
 * The `--swing` parser: {@link SWING_TYPE_WORDS} first (trimmed, lower case), then the contract's
 * swing types (fields.ts SwingTypeInput, whose refusal names the allowed values).
 * @throws InvalidArgumentError for any other word.
 */
export function swingTypeOption(value: string): SwingType {
  return SWING_TYPE_WORDS[value.trim().toLowerCase()] ?? optionFrom(SwingTypeInput)(value);
}

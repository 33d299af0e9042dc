/**
 * The CLI's `--swing` words (main/cli/options.ts `swingTypeOption`): a coach types "forehand" or
 * "backhand" for the drives; the contract's names pass as they are; anything else is one line
 * naming the allowed values.
 */
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { SWING_TYPE_WORDS, swingTypeOption } from '../../main/cli/options.js';
import { SWING_TYPES } from '../../main/contract/technique-names.js';

describe('--swing', () => {
  it('reads forehand and backhand (any case, trimmed) as the drives', () => {
    expect(swingTypeOption('forehand')).toBe('forehand_drive');
    expect(swingTypeOption(' Backhand ')).toBe('backhand_drive');
    expect(Object.values(SWING_TYPE_WORDS).sort()).toEqual(['backhand_drive', 'forehand_drive']);
  });

  it('passes every contract swing type as it is', () => {
    for (const s of SWING_TYPES) expect(swingTypeOption(s)).toBe(s);
  });

  it('refuses another word with the allowed values', () => {
    expect(() => swingTypeOption('smash')).toThrow(InvalidArgumentError);
    expect(() => swingTypeOption('smash')).toThrow(`unknown swing type "smash"; expected one of ${SWING_TYPES.join(', ')}`);
  });
});

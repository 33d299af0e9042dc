/**
 * The word for a detected stroke's side (main/contract/display-names.ts strokeSideWord): the
 * detector's hand-above-the-head class is a serve in tennis and an overhead in pickleball, where
 * the serve is struck underhand and classed forehand or backhand.
 */
import { describe, expect, it } from 'vitest';
import { strokeSideWord } from '../../main/contract/display-names.js';
import { STROKE_SIDES } from '../../main/contract/technique-schema.js';

describe('strokeSideWord', () => {
  it('names each side by sport', () => {
    expect(STROKE_SIDES.map((s) => strokeSideWord(s, 'tennis'))).toEqual(['forehand', 'backhand', 'serve']);
    expect(STROKE_SIDES.map((s) => strokeSideWord(s, 'pickleball'))).toEqual(['forehand', 'backhand', 'overhead']);
    expect(strokeSideWord('serve', null)).toBe('serve');
  });
});

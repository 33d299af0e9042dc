import { describe, expect, it } from 'vitest';
import { strokeLabel } from './labels.js';

describe('strokeLabel', () => {
  it('names strokes as coaches do', () => {
    expect(strokeLabel('forehand', false)).toBe('Forehand');
    expect(strokeLabel('backhand', true)).toBe('Backhand (two-handed)');
    expect(strokeLabel('backhand', false)).toBe('Backhand (one-handed)');
    expect(strokeLabel('serve', false)).toBe('Serve');
    expect(strokeLabel('forehand', true)).toBe('Forehand (two-handed)');
  });
});

import { describe, expect, it } from 'vitest';
import { sideLabel, strokeLabel, withArticle } from './labels.js';

describe('strokeLabel', () => {
  it('names strokes as coaches do', () => {
    expect(strokeLabel('forehand', false)).toBe('Forehand');
    expect(strokeLabel('backhand', true)).toBe('Backhand (two-handed)');
    expect(strokeLabel('backhand', false)).toBe('Backhand (one-handed)');
    expect(strokeLabel('serve', false)).toBe('Serve');
    expect(strokeLabel('forehand', true)).toBe('Forehand (two-handed)');
  });
});

describe('the hand-above-the-head stroke by sport', () => {
  it('is a serve in tennis and an overhead in pickleball, whose serve is underhand', () => {
    expect(strokeLabel('serve', false, null, 'tennis')).toBe('Serve');
    expect(strokeLabel('serve', false, null, 'pickleball')).toBe('Overhead');
    expect(strokeLabel('forehand', false, null, 'pickleball')).toBe('Forehand');
    expect(sideLabel('serve', 'pickleball')).toBe('Overhead');
    expect(sideLabel('backhand', 'pickleball')).toBe('Backhand');
    expect(sideLabel('serve')).toBe('Serve');
  });
});

describe('withArticle', () => {
  it('says "an overhead" and "a forehand"', () => {
    expect(withArticle('overhead')).toBe('an overhead');
    expect(withArticle('forehand')).toBe('a forehand');
  });
});

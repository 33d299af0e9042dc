import { describe, expect, it } from 'vitest';
import { frameAtTime } from '../../../../main/pose/frame-time.js';
import { SEEK_INTO_FRAME_S, clampRate, formatTime, loopJump, nextRate, stepTarget } from './frame-step.js';

/** 60 fps timestamps, as the balance clip's pose track has. */
const ts60 = Float64Array.from({ length: 100 }, (_, i) => i / 60);

describe('stepTarget', () => {
  it('steps one pose frame forward and back from the frame on screen', () => {
    const t = stepTarget(ts60, 10 / 60, 1);
    expect(t).toBeCloseTo(11 / 60 + SEEK_INTO_FRAME_S, 12);
    expect(frameAtTime(ts60, t ?? 0)).toBe(11);
    expect(frameAtTime(ts60, stepTarget(ts60, 10 / 60 + 0.005, -1) ?? 0)).toBe(9);
  });

  it('clamps at both ends and handles empty tracks', () => {
    expect(frameAtTime(ts60, stepTarget(ts60, 0, -1) ?? -1)).toBe(0);
    expect(frameAtTime(ts60, stepTarget(ts60, 99 / 60, 5) ?? -1)).toBe(99);
    expect(stepTarget([], 1, 1)).toBeNull();
  });

  it('lands inside the frame even at 120 fps', () => {
    const ts120 = Float64Array.from({ length: 50 }, (_, i) => i / 120);
    for (let i = 0; i < 49; i++) expect(frameAtTime(ts120, stepTarget(ts120, ts120[i] ?? 0, 1) ?? 0)).toBe(i + 1);
  });
});

describe('rates and loop', () => {
  it('clamps rates to 0.1–2× and walks the ladder', () => {
    expect(clampRate(5)).toBe(2);
    expect(clampRate(0.01)).toBe(0.1);
    expect(clampRate(NaN)).toBe(1);
    expect(nextRate(1, 1)).toBe(1.5);
    expect(nextRate(1, -1)).toBe(0.75);
    expect(nextRate(2, 1)).toBe(2);
    expect(nextRate(0.1, -1)).toBe(0.1);
    expect(nextRate(0.3, -1)).toBe(0.25);
  });

  it('jumps back to A at B and ignores empty ranges', () => {
    expect(loopJump({ a: 0.5, b: 1 }, 1.0)).toBe(0.5);
    expect(loopJump({ a: 0.5, b: 1 }, 0.7)).toBeNull();
    expect(loopJump({ a: 0.5, b: 1 }, 0.1)).toBe(0.5);
    expect(loopJump({ a: 0.5, b: 0.5 }, 0.9)).toBeNull();
    expect(loopJump(null, 3)).toBeNull();
  });

  it('formats times', () => {
    expect(formatTime(0)).toBe('0:00.000');
    expect(formatTime(61.5)).toBe('1:01.500');
    expect(formatTime(NaN)).toBe('0:00.000');
  });
});

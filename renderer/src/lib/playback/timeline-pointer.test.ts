import { describe, expect, it } from 'vitest';
import { isContactDrag, timeAtPointer } from './timeline-pointer.js';

describe('timeAtPointer', () => {
  it('maps the pointer across the bar onto the clip, clamped to its ends', () => {
    expect(timeAtPointer(150, 100, 200, 4)).toBe(1);
    expect(timeAtPointer(300, 100, 200, 4)).toBe(4);
    expect(timeAtPointer(50, 100, 200, 4)).toBe(0);
    expect(timeAtPointer(900, 100, 200, 4)).toBe(4);
  });

  it('gives null for a bar without width', () => {
    expect(timeAtPointer(150, 100, 0, 4)).toBeNull();
  });
});

describe('isContactDrag', () => {
  it('counts a press as a drag once the pointer moved 3 px', () => {
    expect(isContactDrag(100, 102)).toBe(false);
    expect(isContactDrag(100, 97)).toBe(true);
    expect(isContactDrag(100, 103)).toBe(true);
  });
});

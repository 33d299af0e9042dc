import { describe, expect, it } from 'vitest';
import { clipStorageFor, KEEP_IN_PLACE_FROM_BYTES, sizeText } from './clip-storage-choice.js';

describe('clipStorageFor', () => {
  it('keeps videos of 1 GB or more in place by default and copies smaller or unknown ones', () => {
    expect(clipStorageFor('auto', KEEP_IN_PLACE_FROM_BYTES)).toBe('linked');
    expect(clipStorageFor('auto', 5e9)).toBe('linked');
    expect(clipStorageFor('auto', KEEP_IN_PLACE_FROM_BYTES - 1)).toBe('copied');
    expect(clipStorageFor('auto', null)).toBe('copied');
  });
  it("follows the coach's explicit choice whatever the size", () => {
    expect(clipStorageFor('copied', 5e9)).toBe('copied');
    expect(clipStorageFor('linked', 1000)).toBe('linked');
  });
  it('writes sizes as the form shows them', () => {
    expect(sizeText(1.63e9)).toBe('1.6 GB');
    expect(sizeText(350e6)).toBe('350 MB');
  });
});

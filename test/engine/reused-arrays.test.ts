/**
 * The workers' reused model-input arrays (main/engine/inference/reused-arrays.ts): an array is
 * lent for a whole run and taken back after it, also when the run fails; overlapping runs get
 * different arrays.
 */
import { describe, expect, it } from 'vitest';
import { ReusedArrays } from '../../main/engine/inference/reused-arrays.js';

describe('ReusedArrays', () => {
  it('lends the same array to runs one after another, and takes it back after a failure', async () => {
    let made = 0;
    const arrays = new ReusedArrays(() => (made++, new Int32Array(4)));
    const first = await arrays.use((a) => Promise.resolve(((a[0] = 7), a)));
    const second = await arrays.use((a) => Promise.resolve(a));
    expect(second).toBe(first);
    expect(second[0]).toBe(7); // the caller overwrites what it needs (crop-input.ts zeroes it)
    await expect(arrays.use(() => Promise.reject(new Error('run failed')))).rejects.toThrow('run failed');
    expect(made).toBe(1);
    expect(arrays.freeCount).toBe(1);
  });

  it('gives overlapping runs different arrays and keeps both afterwards', async () => {
    let made = 0;
    const arrays = new ReusedArrays(() => (made++, new Float32Array(2)));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const seen: Float32Array[] = [];
    const a = arrays.use(async (x) => (seen.push(x), await gate));
    const b = arrays.use(async (x) => (seen.push(x), await gate));
    release();
    await Promise.all([a, b]);
    expect(seen[0]).not.toBe(seen[1]);
    expect(made).toBe(2);
    expect(arrays.freeCount).toBe(2);
  });
});

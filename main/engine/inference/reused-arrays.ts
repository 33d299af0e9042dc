/**
 * Model-input arrays kept from one run to the next on a thread, so the workers do not allocate
 * (and the garbage collector free) a 0.4-0.8 MB typed array per inference call (lightning's
 * 192² × 3 int32 crop, BlazePose's 256² × 3 float32 input). Decided (issue 29, speed): an array
 * is lent for the whole run and taken back when the run settles, so overlapping runs on one thread
 * (possible outside the worker's serial queue, e.g. in tests) never share one; the inputs are the
 * same values as freshly made ones (crop-input.ts zeroes an array it is given).
 */

/** A free list of arrays made by `make` (all the same length). */
export class ReusedArrays<T> {
  private readonly free: T[] = [];
  constructor(private readonly make: () => T) {}

  /** Runs `fn` with a free array (a new one when none is free) and takes the array back when `fn` settles; returns what `fn` returns. */
  async use<R>(fn: (a: T) => Promise<R>): Promise<R> {
    const a = this.free.pop() ?? this.make();
    try {
      return await fn(a);
    } finally {
      this.free.push(a);
    }
  }

  /** Arrays made so far and now free (for tests). */
  get freeCount(): number {
    return this.free.length;
  }
}

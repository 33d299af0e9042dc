/**
 * Read-ahead over an async generator: keeps up to `depth` next() calls in flight, so the
 * producer (the decode, whose FFmpeg work runs on libuv's thread pool) prepares the next frames
 * while the consumer awaits something else (the inference workers). Values come out in order;
 * the producer's error surfaces at its place in the sequence; return() stops the producer.
 */

/**
 * Wraps `source` with `depth` (≥ 1) pulls in flight. With depth 1 it is the plain generator.
 * Frames must not share buffers between pulls (the engine's decode allocates one per frame).
 */
export async function* readAhead<T>(source: AsyncGenerator<T>, depth: number): AsyncGenerator<T> {
  const pending: Promise<IteratorResult<T>>[] = [];
  const pull = () => {
    const p = source.next();
    p.catch(() => undefined); // surfaces when its turn comes
    pending.push(p);
  };
  try {
    for (let i = 0; i < Math.max(1, depth); i++) pull();
    for (;;) {
      const r = await pending.shift()!;
      if (r.done) return;
      pull();
      yield r.value;
    }
  } finally {
    await Promise.allSettled(pending);
    await source.return(undefined);
  }
}

/**
 * Frames the engine decodes ahead of the tracking loop (env SWING_READ_AHEAD overrides): the
 * loop awaits the oldest inference while the next frames decode (640 × 360 RGB24: 0.7 MB each).
 */
export function frameReadAhead(): number {
  const env = Number(process.env.SWING_READ_AHEAD);
  return env >= 1 ? Math.floor(env) : 4;
}

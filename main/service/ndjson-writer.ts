/**
 * NDJSON response writer of `/process`: one JSON object per line, `application/x-ndjson`.
 */
import type { ServerResponse } from 'node:http';

/** Writes one line per object; ignores writes after the client has gone. */
export class NdjsonWriter {
  constructor(private readonly res: ServerResponse) {}

  /** Sends status 200 and the stream headers. */
  open(): void {
    this.res.writeHead(200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // A stream may outlast headersTimeout, which Node does not restart on a reused connection
      // (service-server.ts closeWhenLong): the next request opens a fresh one.
      Connection: 'close',
    });
  }

  /** Writes `obj` as one line. */
  line(obj: object): void {
    if (this.res.destroyed || this.res.writableEnded) return;
    this.res.write(`${JSON.stringify(obj)}\n`);
  }

  /** Ends the stream. */
  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}

/**
 * Progress throttle: passes a share (0..1) on when it moved by at least `step` since the last
 * one passed, or when it reaches 1. Default step 0.05 (≤ 21 progress lines per clip).
 */
export function throttleProgress(emit: (share: number) => void, step = 0.05): (share: number) => void {
  let last = -1;
  return (share) => {
    const s = Math.min(1, Math.max(0, share));
    if (s - last >= step || (s === 1 && last < 1)) {
      last = s;
      emit(s);
    }
  };
}

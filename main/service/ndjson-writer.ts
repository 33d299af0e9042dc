/**
 * NDJSON response writer of `/process`: one JSON object per line, `application/x-ndjson`.
 */
import type { ServerResponse } from 'node:http';

/** Bytes gathered from small pieces before one `res.write` (a line written in pieces). */
const PIECE_BATCH_CHARS = 64 * 1024;

/**
 * Writes of a line in pieces between two turns of the event loop when the socket never asks to
 * wait (a fast reader on loopback): 16 × 64 K ≈ 1 MB. Decided: without it a 383 MB line to a
 * fast reader would be made in one synchronous run of ~30 s, starving the service's other requests.
 */
const BATCHES_PER_TURN = 16;

/**
 * Writes one line per object; ignores writes after the client has gone. While a line is being
 * written in pieces ({@link NdjsonWriter.lineInPieces}), lines asked for meanwhile wait and follow it.
 */
export class NdjsonWriter {
  private waiting: string[] | undefined;

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
    const text = `${JSON.stringify(obj)}\n`;
    if (this.waiting) this.waiting.push(text);
    else this.res.write(text);
  }

  /**
   * Writes one line made of `pieces` (e.g. main/service/done-line-stream.ts jsonPieces), then a
   * newline, gathering pieces into writes of about 64 K characters and waiting for 'drain' when
   * the socket's buffer is full, so memory stays at one batch whatever the line's length.
   * Returns early when the client goes away. When making a piece throws, the response is
   * destroyed (the client sees a cut stream, never half a line followed by another line) and the
   * error is thrown on.
   */
  async lineInPieces(pieces: Iterable<string>): Promise<void> {
    if (this.res.destroyed || this.res.writableEnded) return;
    this.waiting = [];
    try {
      let batch: string[] = [];
      let chars = 0;
      let sinceTurn = 0;
      const flush = async (): Promise<boolean> => {
        const text = batch.join('');
        batch = [];
        chars = 0;
        if (this.res.destroyed || this.res.writableEnded) return false;
        if (!this.res.write(text) && !this.res.destroyed) {
          await this.drained();
          sinceTurn = 0;
        } else if (++sinceTurn >= BATCHES_PER_TURN) {
          await new Promise((resolve) => setImmediate(resolve));
          sinceTurn = 0;
        }
        return !this.res.destroyed;
      };
      try {
        for (const piece of pieces) {
          batch.push(piece);
          chars += piece.length;
          if (chars >= PIECE_BATCH_CHARS && !(await flush())) return;
        }
      } catch (err) {
        this.res.destroy();
        throw err;
      }
      batch.push('\n');
      await flush();
    } finally {
      const waiting = this.waiting;
      this.waiting = undefined;
      for (const text of waiting) if (!this.res.destroyed && !this.res.writableEnded) this.res.write(text);
    }
  }

  /** Resolves on 'drain', or when the response closes or fails first. */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.res.off('drain', done);
        this.res.off('close', done);
        this.res.off('error', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
      this.res.on('error', done);
    });
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

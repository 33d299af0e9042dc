/**
 * NDJSON reader: one parsed JSON value per non-empty line of a byte stream, whatever the
 * chunking. Lines are found at the byte level (0x0A never occurs inside a multi-byte UTF-8
 * sequence, so a character split across chunks is decoded whole); the pieces of a line that
 * spans chunks are kept in a list and joined once, when its newline arrives.
 */
import { ApiError, type ApiErrorKind } from './errors.js';

/**
 * Default cap on one line, bytes: 256 MiB. A line within it is joined and decoded as one
 * string, and V8's string limit is ~512 Mi UTF-16 units, so 256 MiB of UTF-8 is the largest line
 * that can always be decoded. The technique `done` line carries both pose tracks as JSON,
 * ~1.1-1.2 KB a frame (measured on a real clip: 500 B 2D + 600 B 3D), so it passes the cap from
 * ≈ 230,000 frames (the decode cap is 648,000: ~766 MB); technique-stream.ts reads such a line
 * in pieces (NdjsonOptions.longLine, ./done-line-pieces.ts).
 */
export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

/** Distinct failure codes of the reader and of the technique layer above it. */
export type NdjsonErrorCode =
  | 'ndjson-line-too-long'
  | 'ndjson-invalid-json'
  | 'ndjson-unknown-status'
  | 'ndjson-no-terminal'
  | 'ndjson-connection-cut'
  | 'ndjson-idle-timeout';

const KIND_OF_CODE: Record<NdjsonErrorCode, ApiErrorKind> = {
  'ndjson-line-too-long': 'contract',
  'ndjson-invalid-json': 'contract',
  'ndjson-unknown-status': 'contract',
  'ndjson-no-terminal': 'contract',
  'ndjson-connection-cut': 'network',
  'ndjson-idle-timeout': 'timeout',
};

/** An {@link ApiError} of the NDJSON stream, with its `code` and the 1-based `line` when known. */
export class NdjsonError extends ApiError {
  override readonly code: NdjsonErrorCode;
  readonly line?: number;

  constructor(code: NdjsonErrorCode, message: string, line?: number, cause?: unknown) {
    super({ kind: KIND_OF_CODE[code], message, code, cause });
    this.name = 'NdjsonError';
    this.code = code;
    if (line !== undefined) this.line = line;
  }
}

/** Options of {@link readNdjson}. */
export interface NdjsonOptions {
  /** Cap on one line, bytes (default {@link DEFAULT_MAX_LINE_BYTES}). */
  maxLineBytes?: number;
  /** Fail with `ndjson-idle-timeout` when no chunk arrives for this long, ms (default: none). */
  idleTimeoutMs?: number;
  /** Stops reading with an ApiError kind 'cancelled'. */
  signal?: AbortSignal;
  /**
   * Reads a line longer than `maxLineBytes` in pieces instead of failing with
   * `ndjson-line-too-long` (technique-stream.ts: main/api/done-line-pieces.ts). Called with the
   * line's 1-based number once the line passes the cap; lines within the cap never reach it.
   */
  longLine?: (lineNo: number) => LongLineReader;
}

/**
 * A reader of one line above the cap: `write` gets the line's bytes in order (without its LF;
 * a CR before it is passed on), `end` returns the value the reader yields for the line.
 * Decided: a line above the cap is handed over as bytes, never joined or decoded whole, so its
 * length is bounded only by what the reader keeps of it (the done line's pose goes into typed
 * arrays); without `longLine` the cap is a hard limit, as before.
 */
export interface LongLineReader {
  write(bytes: Buffer): void;
  end(): unknown;
}

type Chunk = Uint8Array | string;

/**
 * Yields one `JSON.parse`d value per non-empty line of `source` (LF or CRLF; blank and
 * whitespace-only lines skipped; a last line without newline is parsed too).
 * Chunks must not be mutated by the producer after they are yielded (true of Node streams).
 * @throws NdjsonError `ndjson-line-too-long`, `ndjson-invalid-json` (with line number),
 *   `ndjson-connection-cut` (source threw, or ended mid-line), `ndjson-idle-timeout`;
 *   ApiError kind 'cancelled' when `signal` aborts.
 */
export async function* readNdjson(
  source: AsyncIterable<Chunk>,
  opts: NdjsonOptions = {},
): AsyncGenerator<unknown> {
  const max = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const it = source[Symbol.asyncIterator]();
  const next = chunkPuller(it, opts);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let lineNo = 0;
  let finished = false;
  let long: LongLineReader | undefined;
  const startLong = (n: number, first: Buffer[]): LongLineReader => {
    if (!opts.longLine) throw tooLong(n, max);
    const reader = opts.longLine(n);
    for (const b of first) reader.write(b);
    pending = [];
    pendingBytes = 0;
    return reader;
  };
  try {
    for (;;) {
      const r = await next();
      if (r.done) break;
      const chunk = typeof r.value === 'string' ? Buffer.from(r.value, 'utf8') : toBuffer(r.value);
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(10, start);
        if (nl === -1) break;
        lineNo++;
        let text: string;
        if (long || (pendingBytes === 0 ? nl - start : pendingBytes + nl - start) > max) {
          const reader = long ?? startLong(lineNo, pending);
          long = undefined;
          reader.write(chunk.subarray(start, nl));
          start = nl + 1;
          yield reader.end();
          continue;
        }
        if (pendingBytes === 0) {
          text = chunk.toString('utf8', start, nl);
        } else {
          const total = pendingBytes + nl - start;
          pending.push(chunk.subarray(start, nl));
          text = Buffer.concat(pending, total).toString('utf8');
          pending = [];
          pendingBytes = 0;
        }
        start = nl + 1;
        const value = parseLine(text, lineNo);
        if (value !== SKIP) yield value;
      }
      if (start < chunk.length) {
        const rest = start === 0 ? chunk : chunk.subarray(start);
        if (long) long.write(rest);
        else {
          pending.push(rest);
          pendingBytes += chunk.length - start;
          if (pendingBytes > max) long = startLong(lineNo + 1, pending);
        }
      }
    }
    finished = true;
    if (long) {
      lineNo++;
      let value: unknown;
      try {
        value = long.end();
      } catch (err) {
        if (!(err instanceof NdjsonError) || err.code !== 'ndjson-invalid-json') throw err;
        throw new NdjsonError('ndjson-connection-cut', `NDJSON stream ended in the middle of line ${lineNo}`, lineNo, err);
      }
      yield value;
    } else if (pendingBytes > 0) {
      lineNo++;
      const text = Buffer.concat(pending, pendingBytes).toString('utf8');
      let value: unknown;
      try {
        value = parseLine(text, lineNo);
      } catch (err) {
        throw new NdjsonError(
          'ndjson-connection-cut',
          `NDJSON stream ended in the middle of line ${lineNo}`,
          lineNo,
          err,
        );
      }
      if (value !== SKIP) yield value;
    }
  } finally {
    // A Readable's iterator queues return() behind a pending next(), so a hung source is
    // destroyed directly.
    if (!finished) {
      const d = source as { destroy?: unknown };
      if (typeof d.destroy === 'function') (d.destroy as () => void).call(source);
      else void it.return?.()?.catch(() => undefined);
    }
  }
}

const SKIP: unique symbol = Symbol('skip');

/** Parses one line; blank → SKIP. */
function parseLine(raw: string, lineNo: number): unknown {
  const text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
  if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim().length === 0)) return SKIP;
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const head = text.length > 80 ? `${text.slice(0, 80)}…` : text;
    throw new NdjsonError(
      'ndjson-invalid-json',
      `NDJSON line ${lineNo} is not valid JSON (${(err as Error).message}): ${JSON.stringify(head)}`,
      lineNo,
      err,
    );
  }
}

function tooLong(lineNo: number, max: number): NdjsonError {
  return new NdjsonError(
    'ndjson-line-too-long',
    `NDJSON line ${lineNo} is longer than the cap of ${max} bytes`,
    lineNo,
  );
}

function toBuffer(u: Uint8Array): Buffer {
  return Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength);
}

/**
 * Wraps `it.next()` with the idle timeout and the abort signal, and turns a throwing source
 * into `ndjson-connection-cut`.
 */
function chunkPuller(it: AsyncIterator<Chunk>, opts: NdjsonOptions): () => Promise<IteratorResult<Chunk>> {
  const { idleTimeoutMs, signal } = opts;
  const cut = (err: unknown): never => {
    if (err instanceof ApiError) throw err;
    if (signal?.aborted) throw cancelled(signal);
    const why = err instanceof Error ? err.message : String(err);
    throw new NdjsonError('ndjson-connection-cut', `NDJSON stream was cut: ${why}`, undefined, err);
  };
  if (idleTimeoutMs === undefined && signal === undefined) return () => it.next().catch(cut);
  return () =>
    new Promise<IteratorResult<Chunk>>((resolve, reject) => {
      if (signal?.aborted) return reject(cancelled(signal));
      const onAbort = (): void => {
        done();
        reject(cancelled(signal));
      };
      const timer =
        idleTimeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              done();
              reject(new NdjsonError('ndjson-idle-timeout', `no NDJSON data for ${idleTimeoutMs} ms`));
            }, idleTimeoutMs);
      const done = (): void => {
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      it.next().then(
        (r) => {
          done();
          resolve(r);
        },
        (err: unknown) => {
          done();
          try {
            cut(err);
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        },
      );
    });
}

function cancelled(signal: AbortSignal | undefined): ApiError {
  return new ApiError({ kind: 'cancelled', message: 'NDJSON read cancelled', cause: signal?.reason });
}

/**
 * HTTP Range of a GET (RFC 9110 §14), the one parser of the app: the media protocol (resolve.ts)
 * and the service's presigned storage URLs (service/storage-routes.ts) both answer with it. Only
 * single byte ranges are honoured, which is what Chromium's media stack and ffmpeg send when
 * seeking (`bytes=N-`); a request with several ranges or an unparsable header is answered with
 * the whole file (RFC 9110 §14.2 lets a server ignore Range). An invalid range (last < first,
 * §14.1.1) is answered 416 (§15.5.17: "rejected due to invalid ranges").
 */

/** What to send for a Range header against a file of `size` bytes. */
export type RangePlan =
  /** 200 with the whole file. */
  | { kind: 'full' }
  /** 206 with bytes start..end inclusive. */
  | { kind: 'partial'; start: number; end: number }
  /** 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Plans the answer to a `Range` header.
 * - `bytes=a-b` → a..min(b, size-1); `bytes=a-` → a..size-1; `bytes=-n` → the last n bytes.
 * - start ≥ size (or `bytes=-0`, or any range of an empty file) → unsatisfiable.
 * - b < a (invalid, RFC 9110 §14.1.1) → unsatisfiable.
 * - no digits, other units, several ranges, garbage → full (header ignored).
 * @param header the raw header value (undefined/null when absent).
 * @param size file size, bytes (≥ 0).
 */
export function planRange(header: string | undefined | null, size: number): RangePlan {
  if (header === undefined || header === null) return { kind: 'full' };
  const m = SINGLE_RANGE.exec(header.trim());
  if (!m) return { kind: 'full' };
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return { kind: 'full' };
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  if (b !== '' && Number(b) < start) return { kind: 'unsatisfiable' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  return { kind: 'partial', start, end };
}

/**
 * HTTP `Range: bytes=…` parsing (RFC 9110 §14.1.2), single range only; multi-range requests
 * are answered with the whole object (allowed by the RFC).
 */

/** An inclusive byte range. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Parses a Range header against an object of `size` bytes.
 * @returns the range; `undefined` when there is no usable header (serve the whole object);
 *   `'unsatisfiable'` when the range lies outside the object or is malformed (answer 416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | 'unsatisfiable' {
  if (header === undefined) return undefined;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!m) return header.includes(',') ? undefined : 'unsatisfiable';
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

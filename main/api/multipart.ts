/**
 * A multipart/form-data body (RFC 7578) of text fields and one file, streamed from disk, with
 * its exact Content-Length computed up front.
 */
import { randomBytes } from 'node:crypto';
import type { BodyPart } from './node-http.js';

/** The body, its Content-Type header value (with boundary) and its length in bytes. */
export interface MultipartBody {
  contentType: string;
  length: number;
  /** The body in order: part headers in memory, the file on disk. */
  parts: BodyPart[];
}

/** A file field: path on disk, size in bytes, name and type sent in the part headers. */
export interface FilePart {
  field: string;
  path: string;
  size: number;
  fileName: string;
  contentType: string;
}

/** Escapes a value for a quoted Content-Disposition parameter (RFC 7578 §4.2: `"` and CR/LF percent-encoded). */
function quoted(v: string): string {
  return `"${v.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

/** Builds the body: text fields first, then the file part. */
export function multipartBody(fields: Record<string, string>, file: FilePart): MultipartBody {
  const boundary = `----swingstudio${randomBytes(12).toString('hex')}`;
  const textParts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${textParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.fileName)}\r\nContent-Type: ${file.contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
    parts: [head, { path: file.path, size: file.size }, tail],
  };
}

/**
 * Streaming multipart/form-data reader (busboy): the `file` part goes straight to a temp file,
 * never into memory, hashed (SHA-256) as it arrives; text fields are kept (64 KiB each at most).
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { ObjectStore } from './object-store.js';

/** Largest text field, bytes (metadata JSON is well under 1 KiB). */
export const MAX_FIELD_BYTES = 64 * 1024;

/** The uploaded file part. */
export interface UploadedFile {
  /** Temp file path (caller removes it). */
  path: string;
  /** Client-side file name. */
  name: string;
  bytes: number;
  /** True when the file was cut at the size cap. */
  truncated: boolean;
  /** SHA-256 of the bytes received (hex), computed as they arrive; set once the whole part is written. */
  sha256?: string;
}

/** What the form held. */
export interface MultipartForm {
  fields: Record<string, string>;
  file?: UploadedFile;
}

/**
 * Reads the multipart body of `req`, writing the part named `fileField` to a temp file.
 * Other file parts are drained and dropped.
 * @throws Error when the body is not multipart or breaks off (the temp file is removed).
 */
export async function readMultipart(req: IncomingMessage, store: ObjectStore, fileField: string, maxFileBytes: number): Promise<MultipartForm> {
  const bb = busboy({
    headers: req.headers,
    limits: { files: 1, fileSize: maxFileBytes, fields: 20, fieldSize: MAX_FIELD_BYTES },
  });
  const form: MultipartForm = { fields: {} };
  const writes: Promise<void>[] = [];
  bb.on('field', (name, value) => {
    form.fields[name] = value;
  });
  bb.on('file', (name, stream, info) => {
    if (name !== fileField || form.file) {
      stream.resume();
      return;
    }
    const file: UploadedFile = { path: store.tempPath(), name: info.filename ?? '', bytes: 0, truncated: false };
    form.file = file;
    const hash = createHash('sha256');
    stream.on('data', (chunk: Buffer) => {
      file.bytes += chunk.length;
      hash.update(chunk);
    });
    stream.on('end', () => (file.sha256 = hash.digest('hex')));
    stream.on('limit', () => (file.truncated = true));
    const write = pipeline(stream, createWriteStream(file.path, { mode: 0o600 }));
    write.catch(() => undefined); // observed below via Promise.all; avoids an unhandled rejection meanwhile
    writes.push(write);
  });
  try {
    await pipeline(req, bb);
    await Promise.all(writes);
    return form;
  } catch (err) {
    if (form.file) await rm(form.file.path, { force: true });
    throw err;
  }
}

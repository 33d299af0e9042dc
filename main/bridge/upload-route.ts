/**
 * `POST /upload?t=<token>&name=<file name>`: the browser's stand-in for the native open
 * dialog (videos, and hand-over .zip files for `import.handover`). The raw body (the file chosen with `<input type=file>`) is streamed to
 * `<home>/uploads/<uuid>/<name>` and registered as a picked file, so jobs may read it. Answers
 * the contract result of `dialog.pickVideos` (one entry) as JSON.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkUploadRequest, contentTypeFor } from '../contract/upload-rules.js';
import type { ApiResult } from '../../preload/contract.js';
import type { PickedFiles } from '../media/picked.js';

/** Largest upload, bytes: 2 GiB, the local service's own cap (main/service/service-server.ts). */
export const MAX_BRIDGE_UPLOAD_BYTES = 2 * 1024 ** 3;

function answer(res: ServerResponse, status: number, body: ApiResult<'dialog.pickVideos'>): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Counts bytes and fails the stream past `max`. */
function sizeCap(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > max) cb(new Error(`upload is larger than ${max} bytes`));
      else cb(null, chunk);
    },
  });
}

/**
 * Receives one upload. The name must pass API.md's upload rules (length, forbidden characters,
 * a video extension; or `.zip` for a session hand-over), so it is a plain file name and can
 * never name another folder.
 */
export async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  home: string,
  picked: PickedFiles,
): Promise<void> {
  const name = url.searchParams.get('name') ?? '';
  // A session hand-over (.zip) is the one non-video file the UI uploads; its name follows the
  // same length and character rules, checked as if it were an .mp4.
  const handover = name.toLowerCase().endsWith('.zip');
  const type = handover ? 'video/mp4' : contentTypeFor(name);
  const rule = checkUploadRequest(handover ? `${name.slice(0, -4)}.mp4` : name, type ?? 'video/unknown');
  if (!type || rule || name.startsWith('.')) {
    answer(res, 400, {
      ok: false,
      error: {
        kind: 'input',
        message: `cannot upload ${JSON.stringify(name)}: ${rule?.error ?? 'not a video file name'}`,
      },
    });
    return;
  }
  const dir = join(home, 'uploads', randomUUID());
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, name);
  const partial = `${target}.part`;
  try {
    await pipeline(
      req,
      sizeCap(MAX_BRIDGE_UPLOAD_BYTES),
      createWriteStream(partial, { mode: 0o600, flush: true }),
    );
    await rename(partial, target);
    const entry = await picked.add(target);
    answer(res, 200, {
      ok: true,
      value: [{ path: entry.path, name: entry.name, sizeBytes: entry.sizeBytes }],
    });
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    answer(res, 400, {
      ok: false,
      error: { kind: 'storage', message: `upload of ${name} failed: ${(err as Error).message}` },
    });
  }
}

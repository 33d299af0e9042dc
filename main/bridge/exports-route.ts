/**
 * `GET /exports/<name>?t=<token>`: downloads of browser-mode exports (the bridge's stand-in for
 * the save dialog). Only a plain file name directly inside `<home>/exports/` is served (no
 * folders, no `..`, no NUL; symlinks resolved and confined), as an attachment.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { dirname, extname } from 'node:path';
import { exportsDir } from '../ipc/handlers-export.js';
import { join } from 'node:path';

/** Content types of export files, by extension. */
const EXPORT_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.zip': 'application/zip',
  '.kva': 'application/xml',
  '.trc': 'text/plain; charset=utf-8',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.webm': 'video/webm',
};

/** Answers one export download; 404 for anything that is not a plain file of the exports folder. */
export async function sendExport(home: string, name: string, res: ServerResponse): Promise<void> {
  const notFound = () => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('no such export\n');
  };
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return notFound();
  }
  const type = EXPORT_TYPES[extname(decoded).toLowerCase()];
  if (!type || !/^[^/\\\0]+$/.test(decoded) || decoded.startsWith('.')) return notFound();
  const dir = await realpath(exportsDir(home));
  const file = await realpath(join(dir, decoded)).catch(() => null);
  if (!file || dirname(file) !== dir) return notFound();
  const st = await stat(file);
  if (!st.isFile()) return notFound();
  res.writeHead(200, {
    'content-type': type,
    'content-length': String(st.size),
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(decoded)}`,
    'cache-control': 'no-store',
  });
  createReadStream(file).pipe(res);
}

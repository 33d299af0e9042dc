/**
 * The media route shared by Electron's `swing-media://` protocol and the bridge's `/media/*`:
 * request path + Range header → status, headers and the byte span of the file to send. Plain
 * Node; the callers turn the answer into a Response (Electron) or write it to an
 * http.ServerResponse (bridge, see http.ts).
 *
 * Paths (after the scheme/host or the `/media` prefix):
 * - `/session/<id>/clip`, `/session/<id>/thumbnail`: a session's files, looked up in the library;
 * - `/library/<relative path>`: any media file under the library folder;
 * - `/picked/<id>`: a file the user picked this session (see picked.ts).
 * Every answer's file must be a media type (content-type.ts) and, except picked files, lie
 * inside the library folder after resolving symlinks (confine.ts); the one exception is a session
 * clip the library links outside it ({@link LinkedMediaFile}).
 */
import { realpath, stat } from 'node:fs/promises';
import { confine, confineAbsolute, type Confined } from './confine.js';
import { mediaTypeOf } from './content-type.js';
import type { PickedFiles } from './picked.js';
import { planRange } from './range.js';

/** What the media route may serve. */
export interface MediaAccess {
  /** Absolute path of the library folder. */
  libraryDir: string;
  picked: PickedFiles;
  /**
   * Absolute path of a session's clip or thumbnail; null when the session or the file is
   * unknown. Usually backed by main/library's getSessionDetail / listSessions. A clip kept in
   * place outside the library folder comes as a {@link LinkedMediaFile}.
   */
  sessionFile(sessionId: number, kind: 'clip' | 'thumbnail'): Promise<string | LinkedMediaFile | null> | string | LinkedMediaFile | null;
}

/**
 * A session clip the library links where the coach keeps it (main/library/linked-clips.ts): served
 * at the path the LIBRARY holds, outside the library folder. Decided: this is the one exception to
 * the folder confinement, and it is reached only through `/session/<id>/clip` (a session id, never
 * a path the renderer chooses); the file must still be a regular media file.
 */
export interface LinkedMediaFile {
  /** Absolute path stored in the library's `sessions.clip_link_path`. */
  linkedPath: string;
}

/** The answer: status, headers, and (for GET 200/206) the inclusive byte span of `file`. */
export interface MediaAnswer {
  status: 200 | 206 | 400 | 403 | 404 | 405 | 416;
  headers: Record<string, string>;
  body: { file: string; start: number; end: number } | null;
}

function refuse(status: MediaAnswer['status'], message: string): MediaAnswer {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-error': message }, body: null };
}

/** Decodes each `/` segment of a URL path; null when the encoding is invalid. */
function decodePath(path: string): string | null {
  try {
    return path
      .split('/')
      .map((s) => decodeURIComponent(s))
      .join('/');
  } catch {
    return null;
  }
}

/** The file a route path names (confined), or why not; null for an unknown route. */
async function locate(path: string, access: MediaAccess): Promise<Confined | null> {
  const session = /^\/session\/(\d{1,15})\/(clip|thumbnail)$/.exec(path);
  if (session) {
    const file = await access.sessionFile(Number(session[1]), session[2] as 'clip' | 'thumbnail');
    if (file === null) return { ok: false, refusal: 'not-found' };
    if (typeof file !== 'string') return realpath(file.linkedPath).then((path): Confined => ({ ok: true, path }), (): Confined => ({ ok: false, refusal: 'not-found' }));
    return confineAbsolute(access.libraryDir, file);
  }
  if (path.startsWith('/library/')) return confine(access.libraryDir, path.slice('/library/'.length));
  const picked = /^\/picked\/([0-9a-f-]{36})$/.exec(path);
  if (picked) {
    const entry = access.picked.byId(picked[1] ?? '');
    return entry ? { ok: true, path: entry.realPath } : { ok: false, refusal: 'not-found' };
  }
  return null;
}

/**
 * Answers one media request.
 * @param method HTTP method; GET and HEAD are served, others get 405.
 * @param rawPath URL path (still percent-encoded), e.g. `/session/3/clip`.
 * @param rangeHeader the `Range` request header, if any.
 */
export async function answerMedia(
  method: string,
  rawPath: string,
  rangeHeader: string | null | undefined,
  access: MediaAccess,
): Promise<MediaAnswer> {
  if (method !== 'GET' && method !== 'HEAD')
    return { ...refuse(405, 'method not allowed'), headers: { allow: 'GET, HEAD' } };
  const path = decodePath(rawPath);
  if (path === null || path.includes('\0')) return refuse(400, 'invalid path encoding');
  const located = await locate(path, access);
  if (located === null) return refuse(404, 'unknown media route');
  if (!located.ok) {
    return located.refusal === 'forbidden'
      ? refuse(403, 'outside the library folder')
      : refuse(404, 'no such media file');
  }
  const file = located.path;
  const type = mediaTypeOf(file);
  if (type === undefined) return refuse(403, 'not a media file');
  const st = await stat(file).catch(() => null);
  if (!st?.isFile()) return refuse(404, 'no such media file');

  const size = st.size;
  const base = {
    'content-type': type,
    'accept-ranges': 'bytes',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  };
  const plan = planRange(rangeHeader, size);
  if (plan.kind === 'unsatisfiable') {
    return {
      status: 416,
      headers: { ...base, 'content-range': `bytes */${size}`, 'content-length': '0' },
      body: null,
    };
  }
  const [status, start, end] =
    plan.kind === 'partial' ? [206 as const, plan.start, plan.end] : [200 as const, 0, size - 1];
  const headers: Record<string, string> = { ...base, 'content-length': String(end - start + 1) };
  if (status === 206) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  const body = method === 'HEAD' || size === 0 ? null : { file, start, end };
  return { status, headers, body };
}

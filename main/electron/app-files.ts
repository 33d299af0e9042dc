/**
 * What the `app://swing-studio/…` protocol answers: files of the built renderer, confined to
 * its folder, with the app CSP on every answer. The folder is the app's own (inside app.asar
 * when packaged, where realpath is not available), so confinement is lexical: no `..`, `.`,
 * absolute, backslash or NUL segments. Plain Node; protocols.ts wraps it for protocol.handle.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { staticTypeOf } from '../bridge/static-files.js';
import { ELECTRON_CSP } from '../config/renderer-csp.js';

/** Scheme of the app's own pages (registered as privileged in protocols.ts). */
export const APP_SCHEME = 'app';

/** Host of the app's pages: `app://swing-studio/index.html`. */
export const APP_ORIGIN = `${APP_SCHEME}://swing-studio`;

/** Headers of every app:// answer. */
export const APP_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': ELECTRON_CSP,
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
};

/** An app:// answer: status, headers, body bytes (null for errors). */
export interface AppFileAnswer {
  status: 200 | 400 | 403 | 404;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * Answers `app://swing-studio<pathname>`. `/` is index.html; other hosts are refused.
 * @param url the full request URL.
 */
export async function answerAppFile(rendererDir: string, url: string): Promise<AppFileAnswer> {
  const u = new URL(url);
  if (`${u.protocol}//${u.host}` !== APP_ORIGIN)
    return { status: 403, headers: { ...APP_HEADERS }, body: null };
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname === '/' ? 'index.html' : u.pathname.slice(1));
  } catch {
    return { status: 400, headers: { ...APP_HEADERS }, body: null };
  }
  const segments = rel.split('/');
  const unsafe = /[\\\0]/.test(rel) || /^[A-Za-z]:/.test(rel);
  if (unsafe || segments.some((seg) => seg === '..' || seg === '.' || seg === '')) {
    return { status: 403, headers: { ...APP_HEADERS }, body: null };
  }
  const type = staticTypeOf(rel);
  if (type === undefined) return { status: 404, headers: { ...APP_HEADERS }, body: null };
  const body = await readFile(join(rendererDir, ...segments)).catch(() => null);
  if (body === null) return { status: 404, headers: { ...APP_HEADERS }, body: null };
  return { status: 200, headers: { ...APP_HEADERS, 'content-type': type }, body };
}

/**
 * Path confinement of the media route: a requested path is served only when its REAL path
 * (symlinks resolved) lies inside the real path of the allowed folder. Relative segments,
 * absolute paths, NUL bytes, backslashes and symlinks pointing out of the folder are refused.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, sep } from 'node:path';

/** Why a path was refused (the route answers 403 or 404). */
export type ConfineRefusal = 'forbidden' | 'not-found';

/** A confined real path, or why there is none. */
export type Confined = { ok: true; path: string } | { ok: false; refusal: ConfineRefusal };

const refused = (refusal: ConfineRefusal): Confined => ({ ok: false, refusal });

/** Whether `child` (a real path) is `root` or inside it (`root` is a real path too). */
export function isInside(root: string, child: string): boolean {
  const r = root.endsWith(sep) ? root : root + sep;
  return child === root || child.startsWith(r);
}

/**
 * Resolves `relative` (URL-decoded, '/'-separated) under `root` to a real path inside root.
 * @returns the real path, or the refusal: 'forbidden' for an absolute path, a `..` segment,
 *   NUL, backslash, or a real path outside root (symlink escape); 'not-found' when the file or
 *   the root does not exist.
 */
export async function confine(root: string, relative: string): Promise<Confined> {
  if (relative.includes('\0') || relative.includes('\\')) return refused('forbidden');
  if (relative.startsWith('/') || isAbsolute(relative) || /^[A-Za-z]:/.test(relative))
    return refused('forbidden');
  const segments = relative.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return refused('forbidden');
  return confineAbsolute(root, join(root, ...segments));
}

/**
 * Checks an absolute path (e.g. a session's clipPath from the library) against `root`.
 * @returns the real path, 'forbidden' when it resolves outside root, 'not-found' when missing.
 */
export async function confineAbsolute(root: string, path: string): Promise<Confined> {
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
    real = await realpath(path);
  } catch {
    return refused('not-found');
  }
  return isInside(realRoot, real) ? { ok: true, path: real } : refused('forbidden');
}

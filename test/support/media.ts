/**
 * Paths of the real test clips in ../shared/media (never copied into the repo: their footage
 * rights are not ours). `SWING_STUDIO_MEDIA` overrides the folder.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (two levels above test/support, in source and in dist). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', ...(import.meta.url.includes('/dist/') ? ['..'] : []));

/** Folder of the shared test media. */
export const MEDIA_DIR = process.env.SWING_STUDIO_MEDIA ?? resolve(REPO_ROOT, '..', 'shared', 'media');

/** Absolute path of a clip or keypoint file in the shared media folder; throws when missing. */
export function mediaPath(name: string): string {
  const p = join(MEDIA_DIR, name);
  if (!existsSync(p)) throw new Error(`test media not found: ${p} (set SWING_STUDIO_MEDIA)`);
  return p;
}

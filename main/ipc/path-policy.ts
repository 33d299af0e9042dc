/**
 * Which local paths a renderer may name: files the user picked this session (dialog or bridge
 * upload) and files inside the library folder. Anything else is refused with kind 'input', so a
 * compromised page cannot make main read (probe, upload, copy into the library) arbitrary files.
 */
import { realpath } from 'node:fs/promises';
import { isInside } from '../media/confine.js';
import type { PickedFiles } from '../media/picked.js';
import { HandlerError } from './errors.js';

/**
 * @returns the path to use (the picked path, or the real path inside the library).
 * @throws HandlerError 'input' when the path was not picked and is not in the library folder.
 */
export async function allowedPath(path: string, picked: PickedFiles, libraryRoot: string): Promise<string> {
  if (picked.get(path)) return path;
  const [root, real] = await Promise.all([
    realpath(libraryRoot).catch(() => null),
    realpath(path).catch(() => null),
  ]);
  if (root !== null && real !== null && isInside(root, real)) return real;
  throw new HandlerError(
    'input',
    `${path} was not chosen in this session`,
    'Choose the video with "Add videos" first.',
  );
}

/**
 * Content types the media route serves, by file extension. Anything else in the library folder
 * (the SQLite database, archives, settings) is refused, so the route cannot leak it.
 * Video types follow API.md endpoint 1's table; image types are thumbnails.
 */
import { extname } from 'node:path';

/** Extension (lower case, with dot) → Content-Type. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Content-Type of a media file, or undefined when the route must not serve it. */
export function mediaTypeOf(path: string): string | undefined {
  return MEDIA_TYPES[extname(path).toLowerCase()];
}

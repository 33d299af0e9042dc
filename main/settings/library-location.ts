/**
 * Where the library lives: `settings.libraryDir` when set (Settings › Library folder), else
 * `<home>/library`. The CLI and the app open the library through here, so both use the folder
 * the coach chose. A changed folder takes effect the next time the app starts (the open library,
 * job queue and media protocol are bound to one folder while running). The database stores
 * file names relative to its own folder, so a library folder can be moved as a whole.
 */
import { join } from 'node:path';
import { openLibrary, type OpenOptions, type WritableDb } from '../library/db.js';
import { loadSettings } from './settings.js';

/** Absolute path of the library folder configured for `home`. */
export function libraryRootOf(home: string): string {
  return loadSettings(home).libraryDir ?? join(home, 'library');
}

/** Opens the configured library (see openLibrary for errors). */
export function openConfiguredLibrary(home: string, opts: Omit<OpenOptions, 'root'> = {}): WritableDb {
  return openLibrary(home, { ...opts, root: libraryRootOf(home) });
}

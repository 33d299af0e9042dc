/**
 * The one check of where an export may write (issue 25): never inside the Swing Studio home
 * folder (`SWING_STUDIO_HOME`: the library's database, clips and archives, the service's secrets,
 * the settings) nor inside the library folder when the settings put it elsewhere
 * (main/settings/library-location.ts). An export onto `library.sqlite` replaced the whole
 * library by a CSV; onto a stored clip or archive it broke that session. The one folder of the
 * home an export may write is `<home>/exports/` (the browser bridge's downloads,
 * main/ipc/handlers-export.ts), unless it leads into the library.
 *
 * Paths are compared as real paths: links are followed, also for a file that does not exist
 * yet (its nearest existing folder is resolved, and a dangling link is followed to where it
 * points), so a link in a temp folder pointing into the home is refused too. Called by every
 * writer of export files (session, player and comparison exports) before anything is written.
 */
import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { LibraryError } from '../library/errors.js';
import { isInside } from '../media/confine.js';

/** The folder of `<home>` that browser-mode exports go to (main/ipc/handlers-export.ts exportsDir). */
export const EXPORTS_FOLDER = 'exports';

/** Links followed at most while resolving one path (Linux's own limit, MAXSYMLINKS, is 40). */
const MAX_LINKS = 40;

/** Where exports may not write: the home folder and the library folder (absolute paths). */
export interface ProtectedFolders {
  /** The Swing Studio home folder, from swingStudioHome() (main/config/home.ts). */
  home: string;
  /** The library folder (pathsOf(db).root: `<home>/library` or the one the settings chose). */
  libraryRoot: string;
}

/**
 * The real path `path` leads to: links followed, including those of a path that does not
 * exist yet (the missing part is appended to its nearest existing folder's real path).
 * @throws LibraryError `invalid-input` for a loop of links.
 */
export function resolveOutputPath(path: string, links = 0): string {
  const abs = resolve(path);
  try {
    return realpathSync.native(abs);
  } catch {
    // missing (or a dangling link): resolved below
  }
  if (links > MAX_LINKS) throw new LibraryError('invalid-input', `${path}: too many levels of links`);
  const st = lstatSync(abs, { throwIfNoEntry: false });
  if (st?.isSymbolicLink()) return resolveOutputPath(resolve(dirname(abs), readlinkSync(abs)), links + 1);
  const parent = dirname(abs);
  return parent === abs ? abs : join(resolveOutputPath(parent, links), basename(abs));
}

/**
 * Refuses export targets inside the home or library folder (see the file comment); returns
 * when every path may be written. Checked for all of an export's files before the first write.
 * @throws LibraryError `invalid-input`: one line naming the path and the folder it leads into.
 */
export function refuseProtectedOutputs(outPaths: readonly string[], folders: ProtectedFolders): void {
  const library = resolveOutputPath(folders.libraryRoot);
  const home = resolveOutputPath(folders.home);
  const exportsDir = resolveOutputPath(join(folders.home, EXPORTS_FOLDER));
  for (const out of outPaths) {
    const real = resolveOutputPath(out);
    const via = real === resolve(out) ? '' : ` (it leads to ${real})`;
    if (isInside(library, real)) {
      throw new LibraryError(
        'invalid-input',
        `refusing to write ${out}${via}: it is inside the library folder ${folders.libraryRoot}; choose a file outside it`,
      );
    }
    if (isInside(home, real) && !isInside(exportsDir, real)) {
      throw new LibraryError(
        'invalid-input',
        `refusing to write ${out}${via}: it is inside the Swing Studio folder ${folders.home}, which holds the library; choose a file outside it`,
      );
    }
  }
}

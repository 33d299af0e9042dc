/**
 * The migration that stores thumbnails by file name (issue 25): before it, `sessions.thumbnail_path`
 * held the thumbnail's absolute path, so a library folder moved or copied (`cp -a`) to a new home
 * still pointed into the old folder and its sweep removed all of its own thumbnails. Every value
 * naming a file directly inside a folder called `thumbnails` (the library's own, or the one of the
 * folder this library was copied from: main/library/thumbnail.ts wrote nowhere else) becomes that file name,
 * resolved in the library's thumbnails folder by main/library/paths.ts thumbnailPathOf. Any other value is left
 * as it is (read as an absolute path). Version 11 of the library (index.ts).
 */
import type Database from 'better-sqlite3';

/** `…/thumbnails/<name>` or `…\thumbnails\<name>` (a Windows path): group 1 is the name. */
const IN_THUMBNAILS_FOLDER = /[\\/]thumbnails[\\/]([^\\/]+)$/;

/** v11: converts absolute thumbnail paths inside a `thumbnails` folder to file names (inside the migration's transaction). */
export function migrateThumbnailNames(db: Database.Database): void {
  const rows = db
    .prepare('SELECT id, thumbnail_path FROM sessions WHERE thumbnail_path IS NOT NULL')
    .all() as Array<{ id: number; thumbnail_path: string }>;
  const set = db.prepare('UPDATE sessions SET thumbnail_path = ? WHERE id = ?');
  for (const r of rows) {
    const name = IN_THUMBNAILS_FOLDER.exec(r.thumbnail_path)?.[1];
    if (name !== undefined) set.run(name, r.id);
  }
}

/**
 * The library's numbered schema migrations, all of them in this folder (Signal-Desktop style):
 * one function per version, in a file named by its version (`v01-core.ts` … `v14-linked-clips.ts`);
 * every pending one runs in ONE transaction that ends with `PRAGMA user_version = N`, so a crash
 * leaves the old schema or the new one. Tables are STRICT. A database newer than the code is
 * refused with {@link LibraryTooNewError}. Never edit a shipped migration: add the next one in a
 * new file and append it to {@link MIGRATIONS}.
 */
import type Database from 'better-sqlite3';
import { LibraryTooNewError } from '../errors.js';
import { runMigrations, schemaVersion, type Migration } from '../migration-runner.js';
import { migrateToVersion1 } from './v01-core.js';
import { migrateToVersion2 } from './v02-session-search.js';
import { migrateToVersion3 } from './v03-jobs.js';
import { migrateToVersion4 } from './v04-cancelled-jobs.js';
import { migrateToVersion5 } from './v05-slow-motion.js';
import { migrateToVersion6 } from './v06-playback-proxies.js';
import { migrateToVersion7 } from './v07-drawings.js';
import { migrateReferenceStrokes } from './v08-reference-strokes.js';
import { migrateStrokes } from './v09-strokes.js';
import { migrateBallCandidates } from './v10-ball-candidates.js';
import { migrateThumbnailNames } from './v11-thumbnail-names.js';
import { migrateCameraView } from './v12-camera-view.js';
import { migrateContactSource } from './v13-contact-source.js';
import { migrateLinkedClips } from './v14-linked-clips.js';

export {
  migrateToVersion1,
  migrateToVersion2,
  migrateToVersion3,
  migrateToVersion4,
  migrateToVersion5,
  migrateToVersion6,
  migrateToVersion7,
  migrateReferenceStrokes,
  migrateStrokes,
  migrateBallCandidates,
  migrateThumbnailNames,
  migrateCameraView,
  migrateContactSource,
  migrateLinkedClips,
  schemaVersion,
};

/** Every migration, index i migrating to version i + 1 (the array position is the version). */
export const MIGRATIONS: readonly Migration[] = [
  migrateToVersion1,
  migrateToVersion2,
  migrateToVersion3,
  migrateToVersion4,
  migrateToVersion5,
  migrateToVersion6,
  migrateToVersion7,
  migrateReferenceStrokes,
  migrateStrokes,
  migrateBallCandidates,
  migrateThumbnailNames,
  migrateCameraView,
  migrateContactSource,
  migrateLinkedClips,
];

/** Schema version this code writes (the highest migration). */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Runs every migration between the database's version and `target` (default: the latest) in
 * one IMMEDIATE transaction ending with `PRAGMA user_version = target` (migration-runner.ts).
 * @returns the version before migrating.
 * @throws LibraryTooNewError when the database is newer than this code.
 */
export function migrate(db: Database.Database, target: number = SCHEMA_VERSION): number {
  return runMigrations(db, MIGRATIONS, (found, known) => new LibraryTooNewError(found, known), target);
}

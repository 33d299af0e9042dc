/**
 * The one SQLite migration runner of the app, for the library (library.sqlite, migrations/index.ts)
 * and the service's task queue (tasks.sqlite, main/service/task-db.ts). Migrations are numbered
 * functions, index i migrating to version i + 1; every pending one runs in ONE `BEGIN IMMEDIATE`
 * transaction that ends with `PRAGMA user_version = N`, so a failure or crash leaves the previous
 * version untouched. A database whose user_version is above the code's is refused with the
 * caller's "too new" error before anything is written.
 */
import type Database from 'better-sqlite3';

/** One migration: changes the schema from version i to i + 1 (never edited once shipped). */
export type Migration = (db: Database.Database) => void;

/** The database's `PRAGMA user_version`. */
export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Runs the migrations between the database's version and `target` (default: all of them).
 * @param tooNew builds the error thrown when the database is newer than `migrations.length`
 *   (`found`: its version, `known`: the code's).
 * @returns the version before migrating.
 * @throws the `tooNew` error; whatever a migration throws (nothing of the run is kept).
 */
export function runMigrations(
  db: Database.Database,
  migrations: readonly Migration[],
  tooNew: (found: number, known: number) => Error,
  target: number = migrations.length,
): number {
  const run = db.transaction(() => {
    const current = schemaVersion(db);
    if (current > migrations.length) throw tooNew(current, migrations.length);
    for (let v = current + 1; v <= target; v++) migrations[v - 1]?.(db);
    if (target > current) db.pragma(`user_version = ${target}`);
    return current;
  });
  return run.immediate();
}

/**
 * The one migration runner (main/library/migration-runner.ts) used by library.sqlite and the
 * service's tasks.sqlite: all pending migrations in one transaction (a failing one keeps the old
 * version and schema), a newer database refused with the caller's error before any write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { runMigrations, schemaVersion, type Migration } from '../../main/library/migration-runner.js';
import { LibraryTooNewError } from '../../main/library/errors.js';
import { migrate } from '../../main/library/migrations/index.js';
import { openTaskDb, SchemaTooNewError } from '../../main/service/task-db.js';

const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const m1: Migration = (db) => db.exec('CREATE TABLE a (x INTEGER) STRICT');
const m2: Migration = (db) => db.exec('CREATE TABLE b (y INTEGER) STRICT');
const broken: Migration = (db) => db.exec('CREATE TABLE c (z INTEGER) STRICT; SELECT no_such_function()');
const tables = (db: Database.Database) => db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();

it('runs every pending migration in one transaction; a failing one keeps the previous version and schema', () => {
  const db = new Database(join(dir, 'a.sqlite'));
  try {
    expect(runMigrations(db, [m1], () => new Error('too new'))).toBe(0);
    expect(() => runMigrations(db, [m1, m2, broken], () => new Error('too new'))).toThrow(/no_such_function/);
    expect(schemaVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['a']);
    expect(runMigrations(db, [m1, m2], () => new Error('too new'))).toBe(1);
    expect(tables(db)).toEqual(['a', 'b']);
  } finally {
    db.close();
  }
});

it('refuses a newer database with the caller’s error, for the library and for tasks.sqlite alike', () => {
  const lib = new Database(join(dir, 'lib.sqlite'));
  lib.pragma('user_version = 99');
  expect(() => migrate(lib)).toThrow(LibraryTooNewError);
  expect(schemaVersion(lib)).toBe(99);
  lib.close();
  const tasks = new Database(join(dir, 'tasks.sqlite'));
  tasks.pragma('user_version = 99');
  tasks.close();
  expect(() => openTaskDb(join(dir, 'tasks.sqlite'))).toThrow(SchemaTooNewError);
});

/**
 * Issue 25 finding 12: a failure of SQLite or the file system reaches the coach as one sentence
 * saying the cause and what to do (main/contract/error-line.ts through main/jobs/reason.ts
 * `oneLineReason`), the same in the CLI's stderr line and the app's IPC failure. The errors are
 * real: raised by better-sqlite3 on SQLite files in a temp folder, and by writing to /dev/full.
 */
import Database from 'better-sqlite3';
import { Command } from 'commander';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../main/cli/program.js';
import { systemErrorLine } from '../../main/contract/error-line.js';
import { toFailure } from '../../main/ipc/errors.js';
import { oneLineReason } from '../../main/jobs/reason.js';

const dir = mkdtempSync(join(tmpdir(), 'ss-error-line-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error `fn` throws. */
function thrown(fn: () => unknown): Error & { code?: string } {
  try {
    fn();
  } catch (err) {
    return err as Error & { code?: string };
  }
  throw new Error('expected a throw');
}

/** A fresh database file with a STRICT table like the library's. */
function db(name: string, o: Database.Options = {}): Database.Database {
  const d = new Database(join(dir, name), o);
  if (!o.readonly)
    d.exec(
      'CREATE TABLE IF NOT EXISTS sessions (id INTEGER PRIMARY KEY, width INTEGER NOT NULL, notes TEXT) STRICT',
    );
  return d;
}

describe('SQLite errors in words', () => {
  it('a REAL in an INTEGER column names the column and says the input is malformed', () => {
    const err = thrown(() =>
      db('datatype.sqlite').prepare('INSERT INTO sessions (width, notes) VALUES (?, ?)').run(852.5, ''),
    );
    expect(err.code).toBe('SQLITE_CONSTRAINT_DATATYPE');
    expect(oneLineReason(err)).toBe(
      'a value has the wrong type for the library database (cannot store REAL value in INTEGER column sessions.width): the input is malformed',
    );
  });

  it("a value over the size limit (SQLITE_TOOBIG, and the binder's RangeError) says it is too big", () => {
    const err = thrown(() => db('toobig.sqlite').prepare('SELECT zeroblob(2000000000)').get());
    expect(err.code).toBe('SQLITE_TOOBIG');
    const sentence =
      'a value is too big for the library database (SQLite stores at most 1 GB in one text or blob): the input is oversized or damaged';
    expect(oneLineReason(err)).toBe(sentence);
    // better-sqlite3 src/util/binder.cpp; binding a 1 GB string to trigger it needs gigabytes of memory
    expect(oneLineReason(new RangeError('The bound string, buffer, or bigint is too big'))).toBe(sentence);
  });

  it('a full database (SQLITE_FULL) says the disk is full', () => {
    const d = db('full.sqlite');
    d.pragma('max_page_count = 8');
    const err = thrown(() =>
      d.prepare('INSERT INTO sessions (width, notes) VALUES (?, ?)').run(1, 'x'.repeat(100_000)),
    );
    expect(err.code).toBe('SQLITE_FULL');
    expect(oneLineReason(err)).toBe('the disk holding the library is full: free some space and try again');
    expect(d.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });

  it('read-only, unopenable and foreign database files each say which', () => {
    db('ro.sqlite').close();
    const ro = thrown(() =>
      db('ro.sqlite', { readonly: true }).prepare('INSERT INTO sessions (width) VALUES (1)').run(),
    );
    expect(ro.code).toBe('SQLITE_READONLY');
    expect(oneLineReason(ro)).toMatch(
      /^the library database is read-only: check that the Swing Studio folder/,
    );
    const cant = thrown(() => new Database(join(dir, 'missing.sqlite'), { fileMustExist: true }));
    expect(cant.code).toBe('SQLITE_CANTOPEN');
    expect(oneLineReason(cant)).toMatch(/^the library database file cannot be opened: /);
    writeFileSync(join(dir, 'csv.sqlite'), 'session_id,player\n1,Ann\n'.repeat(100));
    const notDb = thrown(() => new Database(join(dir, 'csv.sqlite')).prepare('SELECT 1 FROM sessions').get());
    expect(notDb.code).toBe('SQLITE_NOTADB');
    expect(oneLineReason(notDb)).toBe(
      'the library database file is not a Swing Studio library (damaged or replaced): restore library/library.sqlite from a backup',
    );
  });
});

describe('file-system errors in words', () => {
  it('ENOSPC from a real write to a full device (write(2) names no path), and a bare ENOSPC', () => {
    const err = thrown(() => writeFileSync('/dev/full', 'x'));
    expect(err.code).toBe('ENOSPC');
    expect(oneLineReason(err)).toBe('the disk is full: free some space and try again');
    expect(oneLineReason(new Error('ENOSPC'))).toBe('the disk is full: free some space and try again');
    expect(oneLineReason(new Error(err.message))).toBe('the disk is full: free some space and try again'); // code lost on the way
    expect(oneLineReason(new Error("EROFS: read-only file system, open '/mnt/cd/report.pdf'"))).toBe(
      'the file system is read-only (/mnt/cd/report.pdf): choose a writable place',
    );
  });

  it('ENOENT names the path', () => {
    const err = thrown(() => readFileSync(join(dir, 'nope.zip')));
    expect(oneLineReason(err)).toBe(`no such file or folder (${join(dir, 'nope.zip')})`);
  });

  it('unknown errors keep their own message, on one line, without bidi controls', () => {
    expect(systemErrorLine(new Error('boom'))).toBeNull();
    expect(oneLineReason(new Error('first line\n  Call log:\n  - step'))).toBe('first line Call log: - step');
    expect(oneLineReason(new Error('no player named "\u202Eevil"'))).toBe('no player named "evil"');
  });
});

describe('one sentence in the CLI and the app', () => {
  it('the CLI prints exactly one stderr line with the sentence; the IPC failure carries the same', async () => {
    const d = db('cli-full.sqlite');
    d.pragma('max_page_count = 8');
    const full = thrown(() =>
      d.prepare('INSERT INTO sessions (width, notes) VALUES (?, ?)').run(1, 'x'.repeat(100_000)),
    );
    const program = new Command('swing-studio').exitOverride();
    program.command('store').action(() => {
      throw full;
    });
    const err: string[] = [];
    const spy = vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) => (err.push(String(chunk)), true));
    try {
      await runCli(program, ['node', 'swing-studio', 'store']);
    } finally {
      spy.mockRestore();
    }
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    expect(err.join('')).toBe(
      'swing-studio: the disk holding the library is full: free some space and try again\n',
    );
    expect(toFailure(full)).toEqual({
      kind: 'storage',
      message: 'the disk holding the library is full: free some space and try again',
    });
    const enospc = thrown(() => writeFileSync('/dev/full', 'x'));
    expect(toFailure(enospc)).toEqual({
      kind: 'storage',
      message: 'the disk is full: free some space and try again',
    });
  });
});

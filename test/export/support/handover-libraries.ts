/**
 * The two libraries of a hand-over round trip, for Vitest files: the source library of
 * session-fixture.ts with its session exported once as a hand-over ZIP (beforeAll), and a fresh,
 * empty receiving library in its own temp home for every test (beforeEach; closed and removed
 * after it). Also the hand-over rewritten entry by entry, for tampering tests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { exportSession } from '../../../main/export/session-export.js';
import { openLibrary, type WritableDb } from '../../../main/library/db.js';
import { writeZip, zipEntry, type RawZipEntry } from '../../support/fault-zip.js';
import { sessionFixture, type SessionFixture } from '../session-fixture.js';

/** What the hooks set up; read it inside tests (each getter throws before its hook has run). */
export interface HandoverLibraries {
  /** The source library and its analysed session (one for the whole file). */
  readonly fx: SessionFixture;
  /** The session's hand-over ZIP, in the source library's home. */
  readonly zipPath: string;
  /** The receiving library's temp home (scratch files of the test go here too). */
  readonly home: string;
  /** The receiving library, empty at the start of each test. */
  readonly db: WritableDb;
}

/**
 * Registers the hooks of a hand-over test file and returns their state. `prepare` runs on the
 * source library before the export (e.g. to add drawings); receiving homes are named
 * `<prefix>XXXXXX` in the OS temp folder.
 */
export function handoverLibraries(prefix: string, prepare?: (fx: SessionFixture) => void): HandoverLibraries {
  let fx: SessionFixture | undefined;
  let zipPath: string | undefined;
  let home: string | undefined;
  let db: WritableDb | undefined;
  beforeAll(async () => {
    fx = await sessionFixture();
    prepare?.(fx);
    zipPath = join(fx.home, 'handover.zip');
    await exportSession(fx.db, fx.sessionId, 'handover', zipPath);
  });
  afterAll(() => fx?.close());
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), prefix));
    db = openLibrary(home);
  });
  afterEach(() => {
    db?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });
  const set = <T>(v: T | undefined, name: string): T => {
    if (v === undefined) throw new Error(`handoverLibraries: ${name} is read before its hook ran`);
    return v;
  };
  return {
    get fx() {
      return set(fx, 'fx');
    },
    get zipPath() {
      return set(zipPath, 'zipPath');
    },
    get home() {
      return set(home, 'home');
    },
    get db() {
      return set(db, 'db');
    },
  };
}

/**
 * A copy of the ZIP at `zipPath` written into folder `dir` (as `rewritten-<random>.zip`) with
 * `edit` applied to its entries (name → bytes, in their order) and `extra` raw entries appended.
 * @returns the copy's path.
 */
export function rewrittenZip(zipPath: string, dir: string, edit: (entries: Map<string, Buffer>) => void, extra: RawZipEntry[] = []): string {
  const entries = new Map(new AdmZip(zipPath).getEntries().map((e) => [e.entryName, e.getData()]));
  edit(entries);
  const p = join(dir, `rewritten-${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(p, writeZip([...[...entries].map(([n, b]) => zipEntry(n, b)), ...extra]));
  return p;
}

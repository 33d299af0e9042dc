/**
 * Issue 25 finding 1: `swing-studio export <id> --format csv --out <home>/library/library.sqlite`
 * exited 0 and replaced the database by CSV (the whole library gone); onto a stored clip or
 * archive it broke that session. Every export now refuses a path inside SWING_STUDIO_HOME or the
 * library folder (links followed, also for a file that does not exist yet) with one line, and
 * writes nothing; exports elsewhere work as before. The real CLI program in process, a real
 * SQLite library in a temp home.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { saveSettings } from '../../main/settings/settings.js';
import { fakeClip, ingestInput } from '../library/helpers.js';
import { runCliCapture } from './run-cli.js';

let home: string;
let outside: string;
let env: Record<string, string | undefined>;
let sessionId: number;
let clipPath: string;
let archivePath: string;

const hash = (p: string) => createHash('sha256').update(readFileSync(p)).digest('hex');
const dbPath = () => join(home, 'library', 'library.sqlite');

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'ss-export-guard-'));
  outside = mkdtempSync(join(tmpdir(), 'ss-export-out-'));
  env = { SWING_STUDIO_HOME: home, SWING_STUDIO_API_KEY: undefined, SWING_STUDIO_PROGRESS: undefined };
  const db = openLibrary(home);
  // With a received archive, so a stored archive file exists to guard (a local analysis stores none).
  sessionId = ingestAnalysis(db, ingestInput({ uid: 'guard-1', clip: fakeClip(outside, 'one.mp4'), archive: true }));
  ingestAnalysis(db, ingestInput({ uid: 'guard-2', clip: fakeClip(outside, 'two.mp4'), seed: 2 }));
  const d = getSessionDetail(db, sessionId);
  clipPath = d?.session.clipPath ?? '';
  archivePath = d?.analysis?.archivePath ?? '';
  db.close();
});

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

/** Runs an export that must be refused: exit 1, one stderr line matching `why`, nothing on stdout. */
async function expectRefused(args: string[], why: RegExp): Promise<void> {
  const run = await runCliCapture(['export', ...args], env);
  const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(why);
  expect(run.code).toBe(1);
  expect(run.stdout).toBe('');
}

/** The library still opens through the CLI and lists both sessions. */
async function expectLibraryIntact(): Promise<void> {
  const run = await runCliCapture(['library', 'list', '--json'], env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect((JSON.parse(run.stdout) as { id: number }[]).map((s) => s.id).sort()).toEqual([1, 2]);
}

describe('export --out inside the home or library folder is refused', () => {
  it('onto library.sqlite: refused, the library still opens and lists its sessions', async () => {
    const before = hash(dbPath());
    await expectRefused(
      [String(sessionId), '--format', 'csv', '--out', dbPath()],
      /^swing-studio: refusing to write .*library\.sqlite: it is inside the library folder .*; choose a file outside it$/,
    );
    expect(hash(dbPath())).toBe(before);
    await expectLibraryIntact();
  });

  it('onto a stored clip and a stored archive: refused, both unchanged', async () => {
    const [clip, archive] = [hash(clipPath), hash(archivePath)];
    await expectRefused(
      [String(sessionId), '--format', 'csv', '--out', clipPath],
      /refusing to write .*clips.*inside the library folder/,
    );
    await expectRefused(
      [String(sessionId), '--format', 'archive', '--out', archivePath],
      /refusing to write .*archives.*inside the library folder/,
    );
    expect([hash(clipPath), hash(archivePath)]).toEqual([clip, archive]);
    await expectLibraryIntact();
  });

  it('through links pointing into the home: a file link, a link to a file not yet there, a folder link', async () => {
    const dir = mkdtempSync(join(outside, 'links-'));
    symlinkSync(dbPath(), join(dir, 'report.csv'));
    symlinkSync(join(home, 'library', 'new.csv'), join(dir, 'dangling.csv'));
    symlinkSync(home, join(dir, 'home-link'));
    const before = hash(dbPath());
    await expectRefused(
      [String(sessionId), '--format', 'csv', '--out', join(dir, 'report.csv')],
      /refusing to write .*report\.csv \(it leads to .*library\.sqlite\): it is inside the library folder/,
    );
    await expectRefused(
      [String(sessionId), '--format', 'json', '--out', join(dir, 'dangling.csv')],
      /refusing to write .*dangling\.csv \(it leads to .*new\.csv\)/,
    );
    await expectRefused(
      [String(sessionId), '--format', 'csv', '--out', join(dir, 'home-link', 'settings.json')],
      /refusing to write .*settings\.json \(it leads to .*\): it is inside the Swing Studio folder/,
    );
    expect(existsSync(join(home, 'library', 'new.csv'))).toBe(false);
    expect(existsSync(join(home, 'settings.json'))).toBe(false);
    expect(hash(dbPath())).toBe(before);
    await expectLibraryIntact();
  });

  it('a second file of an export (the 3D pose CSV) that leads into the library: nothing is written', async () => {
    const dir = mkdtempSync(join(outside, 'pose-'));
    symlinkSync(archivePath, join(dir, 'pose-3d.csv'));
    const before = hash(archivePath);
    await expectRefused(
      [String(sessionId), '--format', 'pose-csv', '--out', join(dir, 'pose.csv')],
      /refusing to write .*pose-3d\.csv \(it leads to .*\): it is inside the library folder/,
    );
    expect(existsSync(join(dir, 'pose.csv'))).toBe(false);
    expect(hash(archivePath)).toBe(before);
  });

  it('player and comparison exports, and a library folder the settings put outside the home', async () => {
    await expectRefused(
      ['--player', 'Ana Lopez', '--format', 'csv', '--out', join(home, 'service', 'token')],
      /refusing to write .*token: it is inside the Swing Studio folder/,
    );
    expect(existsSync(join(home, 'service'))).toBe(false);
    await expectRefused(
      ['--compare', '1', '2', '--format', 'mp4', '--out', join(home, 'library', 'clips', 'side.mp4')],
      /refusing to write .*side\.mp4: it is inside the library folder/,
    );
    expect(existsSync(join(home, 'library', 'clips', 'side.mp4'))).toBe(false);
    // The library moved to a folder of its own (Settings › Library folder).
    const elsewhere = join(mkdtempSync(join(outside, 'moved-')), 'library');
    cpSync(join(home, 'library'), elsewhere, { recursive: true });
    saveSettings(home, { libraryDir: elsewhere });
    try {
      const moved = join(elsewhere, 'library.sqlite');
      const before = hash(moved);
      await expectRefused(
        ['--player', 'Ana Lopez', '--format', 'csv', '--out', moved],
        /refusing to write .*library\.sqlite: it is inside the library folder/,
      );
      expect(hash(moved)).toBe(before);
      await expectLibraryIntact();
    } finally {
      saveSettings(home, { libraryDir: null });
    }
  });

  it('an export to a normal temp path still works, and so does the exports folder of the home', async () => {
    const out = join(outside, 'features.csv');
    const run = await runCliCapture(['export', String(sessionId), '--format', 'csv', '--out', out], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${out}\n`);
    expect(readFileSync(out, 'utf8').split('\n').length).toBeGreaterThan(2);
    mkdirSync(join(home, 'exports'), { recursive: true });
    const inExports = join(home, 'exports', 'player.csv');
    const player = await runCliCapture(
      ['export', '--player', 'Ana Lopez', '--format', 'csv', '--out', inExports],
      env,
    );
    expect(player.code).toBe(0);
    expect(readdirSync(join(home, 'exports'))).toEqual(['player.csv']);
  });
});

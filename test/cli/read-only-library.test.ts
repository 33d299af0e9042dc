/**
 * Issue 25 finding 9: on a library folder that cannot be written (a read-only share, a backup
 * disk), `library list`, `library show` and `export` failed with "unable to open database
 * file". They open the library read-only now (main/library/db-read.ts; a WAL database on a
 * folder that cannot hold its -shm file is read from a snapshot, main/library/readonly-snapshot.ts).
 *
 * The tests run as root, whom file modes do not stop, so the CLI runs as a real separate process
 * in a private mount namespace (`unshare --mount`) in which the home folder is bind-mounted
 * read-only: every write there fails with EROFS, as on a read-only disk, while the checkout and
 * node_modules stay readable wherever the clone lies. The test first proves that writes fail.
 * Skipped where the test is not root or unshare is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLibrary } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { fakeClip, ingestInput } from '../library/helpers.js';
import { REPO_ROOT } from '../support/media.js';

const UNSHARE = '/usr/bin/unshare';
const canMountReadOnly = process.getuid?.() === 0 && existsSync(UNSHARE);

let home: string;
let out: string;

/** Mounts "$1" read-only over itself in this mount namespace, then runs the rest of the arguments. */
const READ_ONLY_HOME = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" "$1" && shift && exec "$@"';

/** Runs `node args…` with the temp home mounted read-only; returns exit code and output. */
function onReadOnlyHome(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(UNSHARE, ['--mount', 'sh', '-c', READ_ONLY_HOME, 'sh', home, process.execPath, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: out, TMPDIR: out, SWING_STUDIO_HOME: home },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const cli = (...args: string[]) =>
  onReadOnlyHome(['--import', 'tsx', join(REPO_ROOT, 'main', 'cli', 'bin.ts'), ...args]);

beforeAll(() => {
  if (!canMountReadOnly) return;
  home = mkdtempSync(join(tmpdir(), 'ss-readonly-'));
  out = mkdtempSync(join(tmpdir(), 'ss-readonly-out-'));
  const db = openLibrary(home);
  ingestAnalysis(db, ingestInput({ uid: 'ro-1', clip: fakeClip(out, 'clip.mp4'), title: 'Read only' }));
  db.close();
});

afterAll(() => {
  if (!canMountReadOnly) return;
  rmSync(home, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
});

describe.skipIf(!canMountReadOnly)('a library folder that cannot be written', () => {
  it('is really read-only', () => {
    const probe = onReadOnlyHome([
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(join(home, 'library', 'probe'))}, 'x')`,
    ]);
    expect(probe.code).not.toBe(0);
    expect(probe.stderr).toMatch(/EROFS: read-only file system/);
  });

  it('library list and library show read it', () => {
    const list = cli('library', 'list', '--json');
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout) as { id: number; title: string }[]).map((s) => [s.id, s.title])).toEqual([
      [1, 'Read only'],
    ]);
    const show = cli('library', 'show', '1', '--json');
    expect(show.stderr).toBe('');
    expect(show.code).toBe(0);
    expect((JSON.parse(show.stdout) as { id: number }).id).toBe(1);
  });

  it('export writes from it, and no snapshot is left behind', () => {
    const csv = join(out, 'features.csv');
    const run = cli('export', '1', '--format', 'csv', '--out', csv);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${csv}\n`);
    expect(readFileSync(csv, 'utf8')).toMatch(/^session_id,player,/);
    expect(readdirSync(out).filter((n) => n.startsWith('swing-studio-readonly-'))).toEqual([]);
    expect(readdirSync(join(home, 'library')).filter((n) => /-(wal|shm)$/.test(n))).toEqual([]); // nothing written beside the database
  });

  it('a write says in one line why it failed, and the library is unchanged', () => {
    const run = cli('library', 'delete', '1');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    console.log(`library delete on a read-only folder: ${run.stderr.trim()}`);
    const list = cli('library', 'list', '--json');
    expect((JSON.parse(list.stdout) as unknown[]).length).toBe(1);
  });
});

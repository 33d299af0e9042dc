/**
 * The ingest/sweep race across processes (issue 13, finding 1): one process ingests 50 analyses
 * while a second one opens the library, sweeps it with no grace period and lists it in a loop,
 * and also ingests and deletes sessions that share a clip with the writer's. With the
 * library-folder lock (main/library/lock.ts) no committed session may lose its clip or archive.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readArchive } from '../../main/archive/read.js';
import { openLibraryReadonly } from '../../main/library/db.js';
import { sha256File } from '../../main/library/files.js';
import { libraryPaths } from '../../main/library/paths.js';

const home = mkdtempSync(join(tmpdir(), 'library-race-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const ROUNDS = 50;

/** Runs race-child.ts with `role`; resolves with its stdout, rejects on a non-zero exit. */
function child(role: 'writer' | 'sweeper', work: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'race-child.ts'), role, home, work, String(ROUNDS)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${role} exited ${code}: ${err}`))));
  });
}

it(`keeps every committed session's files through ${ROUNDS} ingests racing a sweeping second process`, async () => {
  const work = mkdtempSync(join(home, 'work-'));
  const sweeper = child('sweeper', work);
  await child('writer', work);
  writeFileSync(join(work, 'stop'), '');
  const passes = Number((await sweeper).trim());

  const log = readFileSync(join(work, 'writer.log'), 'utf8').trim().split('\n');
  const kept = log.filter((l) => l.startsWith('kept ')).map((l) => l.slice(5));
  expect(log).toHaveLength(ROUNDS);
  const paths = libraryPaths(home);
  const db = openLibraryReadonly(home);
  try {
    const rows = db
      .prepare('SELECT a.uid, s.clip_file, s.clip_sha256, a.archive_file FROM sessions s JOIN analyses a ON a.session_id = s.id')
      .all() as Array<{ uid: string; clip_file: string; clip_sha256: string; archive_file: string }>;
    expect(rows.map((r) => r.uid).sort()).toEqual([...kept].sort());
    let intact = 0;
    for (const r of rows) {
      const clip = join(paths.clipsDir, r.clip_file);
      const archive = join(paths.archivesDir, r.archive_file);
      expect(existsSync(clip), `clip of ${r.uid}`).toBe(true);
      expect(existsSync(archive), `archive of ${r.uid}`).toBe(true);
      expect(sha256File(clip)).toBe(basename(r.clip_file, '.mp4'));
      expect(readArchive(archive).pose2d.frames).toBe(60);
      intact++;
    }
    console.log(`race test: ${ROUNDS} ingests (${kept.length} kept) against ${passes} sweeps of another process; ${intact} sessions intact, 0 lost`);
    expect(intact).toBe(kept.length);
    expect(passes).toBeGreaterThan(0);
  } finally {
    db.close();
  }
});

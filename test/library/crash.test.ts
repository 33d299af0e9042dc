/**
 * Crash safety of ingest: a child process ingests in a loop and is SIGKILLed at random moments,
 * ~20 times. After each kill the library must open and sweep its orphans, pass integrity_check,
 * hold every analysis either whole or not at all, and have exactly the files its rows name.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readArchive } from '../../main/archive/read.js';
import { openLibrary } from '../../main/library/db.js';
import { sha256File } from '../../main/library/files.js';
import { libraryPaths } from '../../main/library/paths.js';
import { sweepOrphans } from '../../main/library/sweep.js';
import { rng } from '../support/fixtures.js';

const home = mkdtempSync(join(tmpdir(), 'library-crash-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const ROUNDS = 20;

/** Starts the child, waits for "ready", kills it `delayMs` later; resolves when it is dead. */
function runAndKill(work: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'ingest-child.ts'), home, work], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) setTimeout(() => child.kill('SIGKILL'), delayMs);
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`child exited by itself (code ${code}): ${stderr}`));
    });
  });
}

it(`leaves whole analyses or none after ${ROUNDS} SIGKILLs during ingest`, async () => {
  const rand = rng(2026);
  const paths = libraryPaths(home);
  let interrupted = 0;
  let interruptedKept = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const work = mkdtempSync(join(home, `work-${round}-`));
    await runAndKill(work, 150 + Math.floor(rand() * 900));
    const db = openLibrary(home);
    sweepOrphans(db, { graceMs: 0 }); // the child is dead: every orphan may go at once
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      // Every session has exactly one analysis, and every analysis all of its rows.
      const rows = db
        .prepare(
          `SELECT s.id, s.clip_file, s.clip_sha256, a.uid, a.archive_file,
             (SELECT count(*) FROM analyses x WHERE x.session_id = s.id) AS analyses,
             (SELECT count(*) FROM features f WHERE f.analysis_id = a.id) AS features,
             (SELECT count(*) FROM feature_categories c WHERE c.analysis_id = a.id) AS categories,
             (SELECT count(*) FROM speed_series r WHERE r.analysis_id = a.id) AS series,
             (SELECT count(*) FROM poses p WHERE p.analysis_id = a.id) AS poses,
             (SELECT count(*) FROM session_tags t WHERE t.session_id = s.id) AS tags
           FROM sessions s LEFT JOIN analyses a ON a.session_id = s.id`,
        )
        .all() as Array<Record<string, string | number>>;
      for (const r of rows) expect(r).toMatchObject({ analyses: 1, features: 8, categories: 4, series: 4, poses: 2, tags: 1 });
      // Exactly the files the rows name, each complete.
      const clipFiles = new Set(rows.map((r) => String(r.clip_file)));
      // '' = no archive stored (a local analysis; main/library/ingest.ts).
      const archiveFiles = new Set(rows.map((r) => String(r.archive_file)).filter((f) => f !== ''));
      expect(readdirSync(paths.clipsDir).sort()).toEqual([...clipFiles].sort());
      expect(readdirSync(paths.archivesDir).sort()).toEqual([...archiveFiles].sort());
      for (const r of rows) expect(`${String(r.clip_sha256)}.mp4`).toBe(r.clip_file);
      for (const f of clipFiles) expect(sha256File(join(paths.clipsDir, f))).toBe(basename(f, '.mp4'));
      for (const f of archiveFiles) expect(readArchive(join(paths.archivesDir, f)).pose2d.frames).toBe(300);
      // The ingest in flight at the kill is either whole (checked above) or absent.
      const log = existsSync(join(work, 'log')) ? readFileSync(join(work, 'log'), 'utf8').trim().split('\n') : [];
      const last = log.at(-1);
      if (last?.startsWith('start ')) {
        interrupted++;
        const uid = last.slice(6);
        if (db.prepare('SELECT 1 FROM analyses WHERE uid = ?').get(uid)) interruptedKept++;
      }
    } finally {
      db.close();
    }
  }
  console.log(`crash test: ${ROUNDS} kills, ${interrupted} during an ingest (${interruptedKept} of them committed before the kill)`);
  expect(interrupted).toBeGreaterThan(0);
});

/**
 * Library benchmark: ingest of one 300-frame analysis (10 s at 30 fps), listSessions over
 * 10,000 sessions (goal ≤ 10 ms), getSessionDetail with pose (goal ≤ 20 ms).
 * Run: npx tsx test/bench/library.ts. Prints medians; exits 0 (numbers are reported, not asserted).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis, type IngestInput } from '../../main/library/ingest.js';
import { listSessions } from '../../main/library/sessions.js';
import { syntheticDoneLine, syntheticPoseTrack } from '../support/fixtures.js';

/** Median of `runs` timings of `fn`, milliseconds. */
function median(runs: number, fn: (i: number) => void): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn(i);
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)] ?? NaN;
}

function input(dir: string, uid: string, i: number, frames: number, clip?: string): IngestInput {
  const pose2d = syntheticPoseTrack(2, { frames, seed: i });
  const pose3d = syntheticPoseTrack(3, { frames, seed: i });
  const clipPath = clip ?? join(dir, `${uid}.mp4`);
  if (!clip) writeFileSync(clipPath, randomBytes(2 << 20));
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
  return {
    player: { name: `Player ${i % 40}`, dominantHand: i % 5 ? 'right' : 'left', heightMm: 1600 + (i % 300) },
    session: {
      sourceClipPath: clipPath,
      recordedAt: `${2020 + Math.floor(i / 336)}-${month}-${day}T10:00:00`,
      sport: i % 3 ? 'pickleball' : 'tennis',
      swingType: i % 2 ? 'forehand_drive' : 'backhand_drive',
      durationS: frames / 30,
      fps: 30,
      width: 1920,
      height: 1080,
      title: `Session ${i} ${i % 7 ? 'drive' : 'serve'} practice`,
      notes: i % 11 ? '' : 'elbow drops at contact',
      tags: [`group-${i % 6}`],
    },
    analysis: syntheticDoneLine({ uid, pose2d, pose3d, seed: i }),
    pose2d,
    pose3d,
    backend: 'local',
  };
}

/**
 * Adds sessions `from`..`to - 1` straight through SQL in one transaction (list cost depends on
 * row counts, not on pose size; 10,000 full ingests would take minutes of fsyncs). Each gets a
 * player of 40, a date, sport, swing type, title, notes, one tag and an analysis with a score;
 * they reuse the clip and archive files of session 1.
 */
function fillSessions(db: WritableDb, from: number, to: number): void {
  const first = db.prepare('SELECT s.clip_file, s.clip_sha256, a.archive_file FROM sessions s JOIN analyses a ON a.session_id = s.id WHERE s.id = 1').get() as {
    clip_file: string;
    clip_sha256: string;
    archive_file: string;
  };
  const now = new Date().toISOString();
  const player = db.prepare(
    `INSERT INTO players (name, dominant_hand, height_mm, created_at) VALUES (?, 'right', 1700, ?)
     ON CONFLICT (name COLLATE NOCASE) DO UPDATE SET name = name RETURNING id`,
  );
  const session = db.prepare(
    `INSERT INTO sessions (player_id, recorded_at, sport, swing_type, clip_file, clip_sha256, duration_s, fps, width, height, title, notes, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 10, 30, 1920, 1080, ?, ?, ?) RETURNING id`,
  );
  const analysis = db.prepare(
    `INSERT INTO analyses (session_id, uid, backend, status, overall_score, archive_file, created_at) VALUES (?, ?, 'local', 'done', ?, ?, ?)`,
  );
  const tag = db.prepare(`INSERT INTO tags (name) VALUES (?) ON CONFLICT (name COLLATE NOCASE) DO UPDATE SET name = name RETURNING id`);
  const link = db.prepare('INSERT INTO session_tags (session_id, tag_id) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = from; i < to; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
      const playerId = player.pluck().get(`Player ${i % 40}`, now) as number;
      const sessionId = session
        .pluck()
        .get(
          playerId,
          `${2020 + Math.floor(i / 336)}-${month}-${day}T10:00:00`,
          i % 3 ? 'pickleball' : 'tennis',
          i % 2 ? 'forehand_drive' : 'backhand_drive',
          first.clip_file,
          first.clip_sha256,
          `Session ${i} ${i % 7 ? 'drive' : 'serve'} practice`,
          i % 11 ? '' : 'elbow drops at contact',
          now,
        ) as number;
      analysis.run(sessionId, `fill-${i}`, (i * 37) % 100, first.archive_file, now);
      link.run(sessionId, tag.pluck().get(`group-${i % 6}`));
    }
  })();
}

/** Runs the benchmark and returns the medians, ms. */
export function benchLibrary(sessions = 10_000): Record<string, number> {
  const home = mkdtempSync(join(tmpdir(), 'bench-library-'));
  let db: WritableDb | undefined;
  try {
    db = openLibrary(home);
    const d = db;
    const inputs = Array.from({ length: 10 }, (_, i) => input(home, `ingest-${i}`, i, 300));
    const ingestMs = median(inputs.length, (i) => ingestAnalysis(d, inputs[i] as IngestInput));
    const fillStart = performance.now();
    fillSessions(d, inputs.length, sessions);
    const fillS = (performance.now() - fillStart) / 1000;
    d.pragma('optimize');
    const listMs = median(50, () => listSessions(d, { limit: 100 }));
    const listPlayerMs = median(50, (i) => listSessions(d, { playerId: 1 + (i % 40), limit: 100 }));
    const listTextMs = median(50, () => listSessions(d, { text: 'serve elbow', limit: 100 }));
    const listTagMs = median(50, (i) => listSessions(d, { tag: `group-${i % 6}`, limit: 100 }));
    const detailMs = median(50, (i) => getSessionDetail(d, 1 + (i % inputs.length)));
    return { ingestMs, fillS, listMs, listPlayerMs, listTextMs, listTagMs, detailMs };
  } finally {
    db?.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = benchLibrary(Number(process.env.BENCH_SESSIONS ?? 10_000));
  console.log(`ingest one 300-frame analysis (2 MiB clip): ${r.ingestMs?.toFixed(1)} ms (median of 10)`);
  console.log(`filling to ${process.env.BENCH_SESSIONS ?? 10_000} sessions (SQL) took ${r.fillS?.toFixed(1)} s`);
  console.log(`listSessions, 100 newest of 10,000: ${r.listMs?.toFixed(2)} ms (goal ≤ 10)`);
  console.log(`listSessions by player: ${r.listPlayerMs?.toFixed(2)} ms; by text: ${r.listTextMs?.toFixed(2)} ms; by tag: ${r.listTagMs?.toFixed(2)} ms`);
  console.log(`getSessionDetail with 300-frame 2D+3D pose: ${r.detailMs?.toFixed(2)} ms (goal ≤ 20)`);
}

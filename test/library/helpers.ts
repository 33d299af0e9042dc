/** Shared set-up of the library tests: temp homes, synthetic clips, ingest inputs. */
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildArchive } from '../../main/archive/write.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import type { IngestInput } from '../../main/library/ingest.js';
import { syntheticDoneLine, syntheticPoseTrack } from '../support/fixtures.js';

/** A fresh temp folder used as Swing Studio home; `cleanup` removes it. */
export function tempHome(): { home: string; cleanup: () => void } {
  const home = mkdtempSync(join(tmpdir(), 'library-test-'));
  return { home, cleanup: () => rmSync(home, { recursive: true, force: true }) };
}

/**
 * The library of `home` opened by a second open, as the app opens an existing library: the
 * sweep never runs against a database created in the same open (main/library/sweep.ts), so
 * tests that sweep create the library first.
 */
export function openCreatedLibrary(home: string): WritableDb {
  openLibrary(home).close();
  return openLibrary(home);
}

/**
 * A bare library database at `<home>/<folder>/library.sqlite` (no migration run: the tests take
 * it to the version they start from), foreign keys on as openLibrary has them. The caller closes it.
 */
export function rawLibraryDb(home: string, folder = 'raw'): Database.Database {
  const dir = join(home, folder);
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, 'library.sqlite'));
  db.pragma('foreign_keys = ON');
  return db;
}

/** Writes a small fake clip (random bytes, or `content`) and returns its path. */
export function fakeClip(dir: string, name: string, content?: Buffer): string {
  const p = join(dir, name);
  writeFileSync(p, content ?? randomBytes(4096));
  return p;
}

/** An ingest input with synthetic pose and done line. */
export function ingestInput(o: {
  uid: string;
  clip: string;
  frames?: number;
  seed?: number;
  player?: IngestInput['player'];
  recordedAt?: string;
  title?: string;
  notes?: string;
  tags?: string[];
  sport?: IngestInput['session']['sport'];
  swingType?: IngestInput['session']['swingType'];
  /** Give the ingest a received archive (as a remote service's download), stored as a file under archives/. */
  archive?: boolean;
}): IngestInput {
  const frames = o.frames ?? 60;
  const seed = o.seed ?? 1;
  const pose2d = syntheticPoseTrack(2, { frames, seed });
  const pose3d = syntheticPoseTrack(3, { frames, seed });
  const analysis = syntheticDoneLine({ uid: o.uid, pose2d, pose3d, seed });
  return {
    player: o.player ?? { name: 'Ana Lopez', dominantHand: 'right', heightMm: 1680 },
    session: {
      sourceClipPath: o.clip,
      recordedAt: o.recordedAt ?? '2026-11-20T10:15:00',
      sport: o.sport ?? 'pickleball',
      swingType: o.swingType ?? 'forehand_drive',
      durationS: frames / 30,
      fps: 30,
      width: 1920,
      height: 1080,
      title: o.title ?? 'Forehand drills',
      notes: o.notes ?? '',
      tags: o.tags ?? [],
    },
    analysis,
    pose2d,
    pose3d,
    ...(o.archive ? { archiveBytes: buildArchive({ pose2d, pose3d, analysis }) } : {}),
    backend: 'local',
    timings: { uploadS: 0, analysisS: 12.5, storeS: 0.2 },
  };
}

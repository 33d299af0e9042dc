/** A temp library holding the real analysed clip (test/support/analysed-clip.ts) as one session. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probeVideo } from '../../main/av/index.js';
import { openLibrary, type WritableDb } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import type { SessionDetail } from '../../main/library/library-types.js';
import { analysedClip } from '../support/analysed-clip.js';

/**
 * The library, its session and a scratch folder beside the home (exports refuse targets inside
 * the home, main/export/output-path.ts); `close()` removes everything.
 */
export interface SessionFixture {
  home: string;
  out: string;
  db: WritableDb;
  sessionId: number;
  detail: SessionDetail;
  clipPath: string;
  close(): void;
}

/** Opens a fresh library in a temp home and ingests the analysed clip for player "Roger Test". */
export async function sessionFixture(): Promise<SessionFixture> {
  const { clipPath, done } = await analysedClip();
  const root = mkdtempSync(join(tmpdir(), 'export-test-'));
  const home = join(root, 'home');
  const out = join(root, 'out');
  const db = openLibrary(home);
  const info = await probeVideo(clipPath);
  const sessionId = ingestAnalysis(db, {
    player: { name: 'Roger Test', dominantHand: 'right', heightMm: 1850 },
    session: {
      sourceClipPath: clipPath,
      recordedAt: '2026-11-02T10:00:00Z',
      sport: 'tennis',
      swingType: 'forehand_drive',
      durationS: info.durationS,
      fps: info.fps,
      width: info.width,
      height: info.height,
      title: 'Forehand, court 3',
      notes: 'Good shape; work on the unit turn.',
      tags: ['forehand', 'week-45'],
    },
    analysis: done,
    backend: 'local',
  });
  const detail = getSessionDetail(db, sessionId);
  if (!detail) throw new Error('ingested session not found');
  return { home, out, db, sessionId, detail, clipPath, close: () => (db.close(), rmSync(root, { recursive: true, force: true })) };
}

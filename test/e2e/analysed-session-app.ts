/**
 * The app in real Chromium (1280×720) with the analysed tennis_forehand_2 cut stored as one
 * session (test/support/analysed-clip.ts), for e2e tests that work on that session's video and
 * pose: the drawing tests. The renderer is built into a temp folder removed on close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSessionDetail } from '../../main/library/detail.js';
import type { NewPlayer } from '../../main/library/library-types.js';
import { frameAtTime } from '../../main/pose/frame-time.js';
import { type PoseTrack } from '../../main/pose/pose-track.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { buildRenderer, ingestClipSession, startApp, type E2eApp } from './harness.js';

/** The running app, the stored session, its 2D pose and its contact frame index. */
export interface AnalysedSessionApp {
  app: E2eApp;
  sessionId: number;
  pose: PoseTrack;
  /** Index of the ball-contact frame in `pose`. */
  contactIndex: number;
  close(): Promise<void>;
}

/**
 * Builds the renderer, starts the app at 1280×720 and stores the analysed clip for a new
 * right-handed player `name` as session `title`.
 * @throws when the stored session has no 2D pose or no ball contact.
 */
export async function startAnalysedSessionApp(tmpPrefix: string, name: NewPlayer['name'], title: string, recordedAt?: string): Promise<AnalysedSessionApp> {
  const buildDir = mkdtempSync(join(tmpdir(), tmpPrefix));
  const [{ clipPath, done }] = await Promise.all([analysedClip(), buildRenderer(join(buildDir, 'dist'))]);
  const app = await startApp(join(buildDir, 'dist'), { width: 1280, height: 720 });
  const player = { name, dominantHand: 'right' as const, heightMm: ANALYSED_CLIP_META.player_height_mm };
  const sessionId = await ingestClipSession(app, { clipPath, done, player, title, ...(recordedAt ? { recordedAt } : {}) });
  const d = getSessionDetail(app.bridge.services.deps.db, sessionId);
  if (!d?.pose2d || !d.contact) throw new Error('the session has no pose or no contact');
  return {
    app,
    sessionId,
    pose: d.pose2d,
    contactIndex: frameAtTime(d.pose2d.timestamps, d.contact.timestamp),
    close: async () => {
      await app.close();
      rmSync(buildDir, { recursive: true, force: true });
    },
  };
}

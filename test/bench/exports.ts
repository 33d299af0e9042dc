/**
 * Exports benchmark: time to produce the session PDF and the overlay video for the 10 s, 1080p,
 * 29.97 fps clip tennis_forehand_2.mp4, as a ratio of the clip's duration (goal: overlay video
 * faster than real time, ratio < 1). Baseline measured in the same run: a plain ffmpeg re-encode
 * of the clip with the same x264 settings and no overlay (the floor of any burn-in).
 * Run: npx tsx test/bench/exports.ts. The clip is analysed once first (not timed).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { DoneLine } from '../../main/contract/technique-schema.js';
import { probeVideo } from '../../main/av/index.js';
import { exportSession } from '../../main/export/session-export.js';
import { openLibrary } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { poseTrackToJson } from '../../main/pose/pose-track.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { mediaPath } from '../support/media.js';

const clip = mediaPath('tennis_forehand_2.mp4');
const home = mkdtempSync(join(tmpdir(), 'bench-exports-'));
try {
  const info = await probeVideo(clip);
  const meta = { uid: 'bench', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1850 } as const;
  const out = await techniquePipeline.analyseTechnique(clip, meta, { signal: new AbortController().signal });
  if (out.kind !== 'done') throw new Error(out.message);
  const db = openLibrary(home);
  const id = ingestAnalysis(db, {
    player: { name: 'Bench', dominantHand: 'right', heightMm: 1850 },
    session: { sourceClipPath: clip, recordedAt: '2026-11-20', sport: 'tennis', swingType: 'forehand_drive', durationS: info.durationS, fps: info.fps, width: info.width, height: info.height },
    analysis: DoneLine.parse({ status: 'done', uid: 'bench', result: out.result, video_entry_2D_json: poseTrackToJson(out.pose2d), video_entry_3D_json: poseTrackToJson(out.pose3d) }),
    backend: 'local',
  });

  const t0 = performance.now();
  execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-i', clip, '-c:v', 'libx264', '-preset', 'superfast', '-crf', '18', '-c:a', 'copy', join(home, 'plain.mp4')]);
  const plainS = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  await exportSession(db, id, 'mp4', join(home, 'overlay.mp4'));
  const overlayS = (performance.now() - t1) / 1000;

  const t2 = performance.now();
  await exportSession(db, id, 'pdf', join(home, 'report.pdf'));
  const pdfS = (performance.now() - t2) / 1000;

  const d = info.durationS;
  console.log(`exports bench on ${info.width}x${info.height} ${info.fps.toFixed(2)} fps, ${d.toFixed(2)} s clip`);
  console.log(`  plain re-encode (baseline): ${plainS.toFixed(2)} s = ${(plainS / d).toFixed(2)}x clip duration`);
  console.log(`  overlay video:              ${overlayS.toFixed(2)} s = ${(overlayS / d).toFixed(2)}x clip duration, ${(overlayS / plainS).toFixed(2)}x baseline (goal < 1x duration)`);
  console.log(`  session PDF:                ${pdfS.toFixed(2)} s = ${(pdfS / d).toFixed(2)}x clip duration`);
  db.close();
} finally {
  rmSync(home, { recursive: true, force: true });
}

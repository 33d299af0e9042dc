/**
 * Check (not a test) that an engine change leaves its outputs identical to the bit: runs the real
 * engine (estimatePose with the second pass) and analyseStrokes on real clips and prints one
 * SHA-256 per clip and part (2D track, 3D track, ball candidates, strokes and features), and one
 * over all. Record the digest before a speed change and compare after it (issue 29 item 2).
 * Run: `npx tsx test/bench/engine-output-digest.ts [clip …]` (default: pickleball_rec_1,
 * tennis_forehand_2, tennis_serve_amateur_1 of ../shared/media). Each clip is a whole analysis
 * (≈ 20-30 CPU-s on the 2-core machine).
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { estimatePose } from '../../main/engine/index.js';
import { analyseStrokes } from '../../main/analysis/index.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { mediaPath } from '../support/media.js';
import { cpuSeconds } from './measure.js';

const DEFAULT_CLIPS = ['pickleball_rec_1.mp4', 'tennis_forehand_2.mp4', 'tennis_serve_amateur_1.mp4'];

/**
 * SHA-256 (hex, first 16 digits) of a value's JSON, typed arrays as plain arrays of their exact
 * values (NaN and ±Infinity spelled out, since JSON writes them as null).
 */
export function digestOf(value: unknown): string {
  const exact = (v: number) => (Number.isFinite(v) ? v : String(v));
  const json = JSON.stringify(value, (_k, v: unknown) => {
    if (ArrayBuffer.isView(v) && !(v instanceof DataView)) return Array.from(v as unknown as ArrayLike<number>, exact);
    if (typeof v === 'number') return exact(v);
    return v;
  });
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

/** The parts of a pose track that the engine computes (the source path is left out). */
function trackParts(t: PoseTrack) {
  const { dims, joints, frames, frameNr, timestamps, keypoints, confidences, bbox, boxConfidence, present } = t;
  return { dims, joints, frames, frameNr, timestamps, keypoints, confidences, bbox, boxConfidence, present };
}

async function digestClip(clip: string): Promise<Record<string, string>> {
  const e = await estimatePose(clip, { playerHeightMm: 1850 });
  const { pose2d, pose3d, ball, video } = e;
  const sport = basename(clip).startsWith('pickleball') ? 'pickleball' : 'tennis';
  const meta = { uid: 'digest', sport, swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1850 } as const;
  const strokes = analyseStrokes({ pose2d, pose3d, ball, fps: video.fps, width: video.width, height: video.height, meta });
  return {
    pose2d: digestOf(trackParts(pose2d)),
    pose3d: digestOf(trackParts(pose3d)),
    ball: digestOf(ball),
    warnings: digestOf(e.warnings),
    secondPassFrames: String(e.timings.secondPassFrames),
    strokes: digestOf(strokes),
  };
}

async function main(): Promise<void> {
  const clips = process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_CLIPS.map((c) => mediaPath(c));
  const all: Record<string, Record<string, string>> = {};
  for (const clip of clips) {
    const c0 = cpuSeconds();
    all[basename(clip)] = await digestClip(clip);
    console.log(`${basename(clip)} ${JSON.stringify(all[basename(clip)])} (${(cpuSeconds() - c0).toFixed(1)} CPU-s)`);
  }
  console.log(`all ${digestOf(all)}`);
}

await main();

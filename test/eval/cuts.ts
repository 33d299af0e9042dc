/**
 * Cut consistency: one labelled stroke analysed from several cuts of its clip (3 s of video with
 * the labelled contact at 25 %, 50 % and 75 % of the cut), each cut re-encoded by the system
 * ffmpeg and run through the real engine, so that only where the clip was cut differs.
 * Cuts are frame-exact (a `select` filter on the decoded frame index n, then the frames re-timed
 * from 0 at the source rate) and kept under test-artifacts/eval/cache/cuts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import type { ClipSetup } from './clips.js';
import type { ClipLabels, StrokeLabel } from './labels.js';
import { cutSpecs, type CutSpec } from './cut-plan.js';
import { EVAL_DIR, fileHash, poseOf, type CachedPose, type ReuseMode } from './pose-cache.js';
import { analyseStroke, type StrokeOutcome } from './strokes.js';

/**
 * Writes the cut (H.264, CRF 18, no audio) once and returns its path.
 * @throws Error when ffmpeg is missing or fails.
 */
export function makeCut(source: string, spec: CutSpec): string {
  const dir = join(EVAL_DIR, 'cache', 'cuts');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${fileHash(source)}-${spec.firstFrame}-${spec.frames}.mp4`);
  if (existsSync(out)) return out;
  const last = spec.firstFrame + spec.frames - 1;
  const tmp = `${out}.${process.pid}.mp4`;
  execFileSync(testFfmpeg(), [
    '-v',
    'error',
    '-y',
    '-i',
    source,
    '-vf',
    `select=between(n\\,${spec.firstFrame}\\,${last}),setpts=N/FRAME_RATE/TB`,
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    tmp,
  ]);
  renameSync(tmp, out);
  return out;
}

/** A cut's pose moved onto the source's frame numbers (frameNr + firstFrame), timestamps kept. */
function onSourceFrames(pose: CachedPose, first: number): CachedPose {
  const shift = (t: CachedPose['pose2d']) => ({ ...t, frameNr: t.frameNr.map((f) => f + first) });
  return { ...pose, pose2d: shift(pose.pose2d), pose3d: shift(pose.pose3d) };
}

/** One cut's analysis. */
export interface CutOutcome {
  spec: CutSpec;
  outcome: StrokeOutcome;
  /** Engine version of the cut's pose. */
  engine: string;
}

/**
 * The stroke analysed from each of its cuts (engine pose cached as in pose-cache.ts), with the
 * capture rate of the labels as for the whole clip (the engine sizes its second-pass windows with
 * it; without it a cut of a slowed clip got a narrower accurate-model window than the full clip,
 * and its 3D headings differed by up to 15° outside that window: tennis_forehand_1, 2026-11-23).
 * Contact frames are reported on the source's frame numbers.
 */
export async function analyseCuts(
  clip: string,
  source: string,
  labels: ClipLabels,
  setup: ClipSetup,
  label: StrokeLabel,
  reuse: ReuseMode,
): Promise<CutOutcome[]> {
  const out: CutOutcome[] = [];
  for (const spec of cutSpecs(labels, label)) {
    const pose = onSourceFrames(
      await poseOf(makeCut(source, spec), setup.playerHeightMm, reuse, undefined, labels.slow_motion_factor < 1 ? labels.fps / labels.slow_motion_factor : undefined),
      spec.firstFrame,
    );
    const window: [number, number] = [spec.firstFrame, spec.firstFrame + spec.frames - 1];
    out.push({ spec, outcome: analyseStroke(clip, labels, setup, label, pose, window), engine: pose.engine });
  }
  return out;
}

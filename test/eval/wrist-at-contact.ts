/**
 * Issue 9 §2: is the hitting hand measured through contact? For each labelled stroke, the share
 * of frames within ±{@link CONTACT_HALF_S} of REAL time around the labelled contact frame where
 * the hitting wrist counts as measured by the analysis' own rule (main/analysis/pose-access.ts
 * `jointValid`: player present, confidence ≥ 0.3 in 2D and 3D, finite, not rejected by the
 * bone-length check of main/analysis/bone-check.ts). Target: ≥ 80 % per stroke.
 */
import { boneOutliers } from '../../main/analysis/core/bone-check.js';
import { jointValid } from '../../main/analysis/core/pose-access.js';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { mdTable, pct, ratio } from './table.js';

/** Half window around contact, seconds of real time (issue 9). */
export const CONTACT_HALF_S = 0.1;

/** Result for one stroke. */
export interface WristAtContact {
  /** Frames in the window (decoded frames, repeats included). */
  frames: number;
  /** Of those, frames where the hitting wrist is measured. */
  measured: number;
}

/**
 * The hitting wrist's measured share around `contactFrame` (a decoded frame index, matched by
 * `frameNr`); `fps` of the video, `slowMotionFactor` real seconds per video second. A stroke
 * labelled with an unknown hand counts the better of the two wrists.
 */
export function wristAtContact(
  pose2d: PoseTrack,
  pose3d: PoseTrack,
  contactFrame: number,
  hand: 'left' | 'right' | 'unknown',
  fps: number,
  slowMotionFactor: number,
): WristAtContact {
  const { mask } = boneOutliers(pose2d, pose3d);
  const pair = { pose2d, pose3d, rejected: mask };
  const half = Math.floor((CONTACT_HALF_S / slowMotionFactor) * fps + 1e-9);
  const wrists = hand === 'left' ? [J.leftWrist] : hand === 'right' ? [J.rightWrist] : [J.leftWrist, J.rightWrist];
  const counts = wrists.map((w) => {
    let [frames, measured] = [0, 0];
    for (let i = 0; i < pose2d.frames; i++) {
      if (Math.abs(pose2d.frameNr[i]! - contactFrame) > half) continue;
      frames++;
      if (jointValid(pair, i, w)) measured++;
    }
    return { frames, measured };
  });
  return counts.reduce((a, b) => (b.measured > a.measured ? b : a));
}

/** One report row: clip, labelled contact frame, hand, result. */
export interface WristRow {
  clip: string;
  frame: number;
  hand: string;
  r: WristAtContact;
}

/** The report section of {@link wristAtContact} over the labelled strokes. */
export function renderWristAtContact(rows: readonly WristRow[]): string {
  const body = rows.map((w) => [w.clip.replace('.mp4', ''), String(w.frame), w.hand, ratio(w.r.measured, w.r.frames), pct(w.r.frames ? w.r.measured / w.r.frames : NaN), w.r.frames && w.r.measured >= 0.8 * w.r.frames ? 'yes' : 'no']);
  return `### Hands through contact: hitting wrist measured within ±${CONTACT_HALF_S} s real time of each labelled contact (target ≥ 80 %)\n\n${mdTable(['clip', 'label frame', 'hand', 'measured frames', 'share', '≥ 80 %'], body)}`;
}

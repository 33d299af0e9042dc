/**
 * computeTennisStats: what can honestly be measured about the tracked player in a tennis clip
 * from their pose alone: each swing (time, frame, forehand/backhand, peak wrist speed) and
 * their movement (estimated distance, time in frame). Nothing about the ball, the score or the
 * opponent: the pose cannot tell those.
 */
import type { PoseTrack } from '../pose/pose-track.js';
import { computeKinematics } from './kinematics.js';
import { estimateMovement } from './movement.js';
import { classifySide } from './side-call.js';
import { detectSwingPeaks, SWING_MIN_CHORD, SWING_MIN_GAP_S, SWING_MIN_SPEED } from './swing-detect.js';
import { checkPair } from './swing-input.js';

/** Version of the {@link TennisStats} JSON shape; bump on any incompatible change. */
export const TENNIS_STATS_SCHEMA_VERSION = 1;

/** One swing of the tracked player. */
export interface TennisSwing {
  /** 0-based order in the clip. */
  index: number;
  /** Time of the peak dominant-wrist speed (taken as ball contact), seconds on the video timeline. */
  time_s: number;
  /** Video frame number of that peak. */
  frame_nr: number;
  side: 'forehand' | 'backhand';
  /** What decided `side` (see side-call.ts). */
  side_basis: 'picture_plane' | 'trunk_rotation' | 'wrist_side';
  /** Peak dominant-wrist speed relative to the pelvis, m/s. */
  peak_wrist_speed_mps: number;
  /** Mean signed trunk rotation rate in the 0.1 s before the peak, deg/s (+ = counter-clockwise from above); null if unmeasured. */
  trunk_rotation_dps: number | null;
  /** Side of the trunk the dominant wrist was on at the peak; null if unmeasured. */
  wrist_side: 'dominant' | 'non_dominant' | null;
}

/**
 * The tennis-statistics result JSON:
 * ```
 * { schema_version: 1,
 *   dominant_hand: 'left'|'right', fps, frames, duration_s, video: { width, height } (pixels),
 *   swings: TennisSwing[],
 *   swing_counts: { total, forehand, backhand },
 *   movement: { distance_m (estimate, null if unmeasurable), metres_per_pixel, time_in_frame_s,
 *               frames_in_frame, share_in_frame (0..1), method (text) },
 *   thresholds: { min_peak_wrist_speed_mps, min_chord_speed_mps, min_swing_gap_s },
 *   warnings: string[] }
 * ```
 */
export interface TennisStats {
  schema_version: typeof TENNIS_STATS_SCHEMA_VERSION;
  dominant_hand: 'left' | 'right';
  fps: number;
  frames: number;
  duration_s: number;
  video: { width: number; height: number };
  swings: TennisSwing[];
  swing_counts: { total: number; forehand: number; backhand: number };
  movement: {
    distance_m: number | null;
    metres_per_pixel: number | null;
    time_in_frame_s: number;
    frames_in_frame: number;
    share_in_frame: number;
    method: string;
  };
  thresholds: { min_peak_wrist_speed_mps: number; min_chord_speed_mps: number; min_swing_gap_s: number };
  warnings: string[];
}

/** Input of {@link computeTennisStats}; tracks as for the technique analysis. */
export interface TennisStatsInput {
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  fps: number;
  width: number;
  height: number;
  /** Default 'right'. */
  dominantHand?: 'left' | 'right';
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Computes the statistics. An empty clip or a clip where the player is never found gives zero
 * swings and a warning, not an error.
 * @throws Error when the tracks are malformed (see checkPair) or fps is not positive.
 */
export function computeTennisStats(input: TennisStatsInput): TennisStats {
  const p = checkPair(input.pose2d, input.pose3d);
  const hand = input.dominantHand ?? 'right';
  const warnings: string[] = [];
  if (p.rejectedCount > 0) warnings.push(`${p.rejectedCount} joint positions ignored: their bone length jumped by more than 35 % (mislocated keypoints)`);
  const k = computeKinematics(p, input.fps, hand, 'dominant_wrist');
  const swings: TennisSwing[] = [];
  for (const i of detectSwingPeaks(k)) {
    const call = classifySide(p, k, i, hand);
    const frameNr = p.pose3d.frameNr[i] ?? i;
    if (!call) {
      warnings.push(`swing at frame ${frameNr} left out: trunk and ${hand} wrist not measured to tell forehand from backhand`);
      continue;
    }
    swings.push({
      index: swings.length,
      time_s: r3(k.t[i]!),
      frame_nr: frameNr,
      side: call.side,
      side_basis: call.basis,
      peak_wrist_speed_mps: r3(k.handSpeed[i]!),
      trunk_rotation_dps: call.trunkRotationDps === null ? null : Math.round(call.trunkRotationDps),
      wrist_side: call.wristSide,
    });
  }
  const mv = estimateMovement(p, k.t, input.fps);
  if (mv.framesInFrame === 0) warnings.push('the player was not found in any frame');
  if (mv.distanceM === null && mv.framesInFrame > 0) warnings.push('distance covered could not be estimated: pelvis or body chain never measured in consecutive frames');
  const n = p.pose3d.frames;
  const duration = n > 0 ? k.t[n - 1]! - k.t[0]! + 1 / input.fps : 0;
  const fh = swings.filter((s) => s.side === 'forehand').length;
  return {
    schema_version: TENNIS_STATS_SCHEMA_VERSION,
    dominant_hand: hand,
    fps: input.fps,
    frames: n,
    duration_s: r3(duration),
    video: { width: input.width, height: input.height },
    swings,
    swing_counts: { total: swings.length, forehand: fh, backhand: swings.length - fh },
    movement: {
      distance_m: mv.distanceM === null ? null : Math.round(mv.distanceM * 100) / 100,
      metres_per_pixel: mv.metresPerPixel === null ? null : Number(mv.metresPerPixel.toPrecision(4)),
      time_in_frame_s: r3(mv.timeInFrameS),
      frames_in_frame: mv.framesInFrame,
      share_in_frame: n > 0 ? r3(mv.framesInFrame / n) : 0,
      method:
        'estimate: smoothed 2D pelvis path (pixels) × metres per pixel from the player’s 3D/2D body-chain length; motion toward/away from the camera and camera pans are not accounted for',
    },
    thresholds: { min_peak_wrist_speed_mps: SWING_MIN_SPEED, min_chord_speed_mps: SWING_MIN_CHORD, min_swing_gap_s: SWING_MIN_GAP_S },
    warnings,
  };
}

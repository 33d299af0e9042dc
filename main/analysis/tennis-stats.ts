/**
 * computeTennisStats: what can honestly be measured about the tracked player in a tennis clip
 * from their pose alone: each swing (time, frame, forehand/backhand, peak wrist speed) and
 * their movement (estimated distance, time in frame). Nothing about the ball, the score or the
 * opponent: the pose cannot tell those.
 */
import type { BallCandidates } from '../pose/ball-candidates.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { clipStrokes } from './strokes/index.js';
import { estimateMovement } from './core/index.js';
import { MIN_PEAK_HAND_SPEED, MIN_RELATIVE_SCORE, MIN_STROKE_GAP_S, type StrokeSide, type StrokeSideBasis } from './strokes/index.js';
import { checkPair } from './core/index.js';
import { videoTimes } from '../pose/frame-time.js';

/**
 * Version of the {@link TennisStats} JSON shape; bump on any incompatible change. 2: swings come
 * from the stroke detector (strokes.ts): `side` can be `serve`, `time_s` is ball contact,
 * `two_handed` and `confidence` added, `swing_counts.serve`, new `thresholds`.
 */
export const TENNIS_STATS_SCHEMA_VERSION = 2;

/** One swing of the tracked player. */
export interface TennisSwing {
  /** 0-based order in the clip. */
  index: number;
  /** Ball contact (strokes.ts), seconds on the video timeline. */
  time_s: number;
  /** Video frame number of ball contact. */
  frame_nr: number;
  side: StrokeSide;
  /** What decided `side` (strokes.ts: side-call.ts's rules, or the hand above the head for a serve). */
  side_basis: Exclude<StrokeSideBasis, 'none'>;
  /** Both hands on the racket (backhands only). */
  two_handed: boolean;
  /** 0–1, the detector's confidence (strokes.ts). */
  confidence: number;
  /** Peak hitting-hand speed relative to the pelvis within ± 0.15 s of contact, m/s. */
  peak_wrist_speed_mps: number;
  /** Mean signed trunk rotation rate in the 0.1 s before contact, deg/s (+ = counter-clockwise from above); null if unmeasured. */
  trunk_rotation_dps: number | null;
  /** Side of the trunk the dominant wrist was on at contact; null if unmeasured. */
  wrist_side: 'dominant' | 'non_dominant' | null;
}

/**
 * The tennis-statistics result JSON:
 * ```
 * { schema_version: 2,
 *   dominant_hand: 'left'|'right', fps, frames, duration_s, video: { width, height } (pixels),
 *   swings: TennisSwing[],
 *   swing_counts: { total, forehand, backhand, serve },
 *   movement: { distance_m (estimate, null if unmeasurable), metres_per_pixel, time_in_frame_s,
 *               frames_in_frame, share_in_frame (0..1), method (text) },
 *   thresholds: { min_peak_wrist_speed_mps, min_relative_swing_score, min_swing_gap_s } (strokes.ts),
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
  swing_counts: { total: number; forehand: number; backhand: number; serve: number };
  movement: {
    distance_m: number | null;
    metres_per_pixel: number | null;
    time_in_frame_s: number;
    frames_in_frame: number;
    share_in_frame: number;
    method: string;
  };
  thresholds: { min_peak_wrist_speed_mps: number; min_relative_swing_score: number; min_swing_gap_s: number };
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
  /** The engine's ball candidates: swings the ball's flight rules out are not counted (clip-strokes.ts). */
  ball?: BallCandidates | undefined;
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
  const swings: TennisSwing[] = [];
  for (const st of clipStrokes({ ...input, sport: 'tennis', dominantHand: hand }).strokes) {
    const call = st.sideCall;
    if (st.sideBasis === 'none') {
      warnings.push(`swing at frame ${st.contact.frame_nr} left out: trunk and ${hand} wrist not measured to tell forehand from backhand`);
      continue;
    }
    swings.push({
      index: swings.length,
      time_s: st.contact.timestamp,
      frame_nr: st.contact.frame_nr,
      side: st.side,
      side_basis: st.sideBasis,
      two_handed: st.twoHanded,
      confidence: Math.round(st.confidence * 100) / 100,
      peak_wrist_speed_mps: r3(st.peakHandSpeed),
      trunk_rotation_dps: call?.trunkRotationDps == null ? null : Math.round(call.trunkRotationDps),
      wrist_side: call?.wristSide ?? null,
    });
  }
  const t = videoTimes(p.pose3d, input.fps);
  const mv = estimateMovement(p, t, input.fps);
  if (mv.framesInFrame === 0) warnings.push('the player was not found in any frame');
  if (mv.distanceM === null && mv.framesInFrame > 0) warnings.push('distance covered could not be estimated: pelvis or body chain never measured in consecutive frames');
  const n = p.pose3d.frames;
  const duration = n > 0 ? t[n - 1]! - t[0]! + 1 / input.fps : 0;
  const count = (side: StrokeSide) => swings.filter((s) => s.side === side).length;
  return {
    schema_version: TENNIS_STATS_SCHEMA_VERSION,
    dominant_hand: hand,
    fps: input.fps,
    frames: n,
    duration_s: r3(duration),
    video: { width: input.width, height: input.height },
    swings,
    swing_counts: { total: swings.length, forehand: count('forehand'), backhand: count('backhand'), serve: count('serve') },
    movement: {
      distance_m: mv.distanceM === null ? null : Math.round(mv.distanceM * 100) / 100,
      metres_per_pixel: mv.metresPerPixel === null ? null : Number(mv.metresPerPixel.toPrecision(4)),
      time_in_frame_s: r3(mv.timeInFrameS),
      frames_in_frame: mv.framesInFrame,
      share_in_frame: n > 0 ? r3(mv.framesInFrame / n) : 0,
      method:
        'estimate: smoothed 2D pelvis path (pixels) × metres per pixel from the player’s 3D/2D body-chain length; motion toward/away from the camera and camera pans are not accounted for',
    },
    thresholds: { min_peak_wrist_speed_mps: MIN_PEAK_HAND_SPEED.tennis, min_relative_swing_score: MIN_RELATIVE_SCORE, min_swing_gap_s: MIN_STROKE_GAP_S },
    warnings,
  };
}

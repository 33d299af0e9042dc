/**
 * Geometric 2D → 3D lift of an H36M-17 track (Taylor, "Reconstruction of articulated objects
 * from point correspondences in a single uncalibrated image", CVIU 80, 2000). Chosen over a
 * learned lifter because no 3D model ships with the app and because it is honest about what
 * one camera can tell: bone lengths are known, depth comes only from foreshortening.
 *
 * - Bone lengths L = ratio × player height, ratios after Winter, "Biomechanics and Motor Control
 *   of Human Movement" (4th ed., 2009, fig. 4.1) — see BONE_RATIOS. Every 3D bone has exactly
 *   its length L in every frame, by construction.
 * - Scale s (m/px): Taylor's bound s ≤ L/l holds for every bone (l = 2D length, px); per frame
 *   we take the 2nd-smallest L/l over thigh, shin, spine and upper-arm bones (robust to one bad
 *   keypoint), then the median over ±15 frames (camera zoom and player distance change slowly).
 * - Shoulder and hip width per clip ({@link torsoWidths}): people's widths differ from Winter's
 *   average by ±10–15 %, and a width set too long never lets the line's depth reach 0 when the
 *   player squares up to the camera, so a turn through square would need a depth jump.
 * - Each bone: xy = 2D vector × s (clamped to length L), |dz| = sqrt(L² − |xy|²).
 * - Sign of dz (Taylor leaves it to the user): chosen over the whole clip by lift-signs.ts
 *   (second-order Viterbi on joint accelerations + face, hip–shoulder and posture priors).
 * - Temporal smoothing of the bone directions (lift-smooth.ts), bone lengths kept exact.
 * Axes: x right, y up, z toward the camera (right-handed), pelvis at 0.
 */
import { H36M_LIMBS } from '../../pose/h36m.js';
import { cadenceOf, repeatsFromPose } from '../../pose/frame-cadence.js';
import { videoTimes } from '../../pose/frame-time.js';
import { createPoseTrack, selectFrames, spreadFrames, type PoseTrack } from '../../pose/pose-track.js';
import { chooseSigns } from './lift-signs.js';
import { assembleFrame, BONE_COUNT, BONE_JOINTS, BONE_ORDER, presentRuns, type BoneFrames } from './lift-skeleton.js';
import { smoothLift } from './lift-smooth.js';

/** Bone length as a share of standing height (Winter 2009, fig. 4.1), keyed by H36M_LIMBS names. */
export const BONE_RATIOS: Readonly<Record<string, number>> = {
  right_hip: 0.0955, // half of hip-joint width 0.191 H
  left_hip: 0.0955,
  right_thigh: 0.245, // hip - knee (0.530 H - 0.285 H)
  left_thigh: 0.245,
  right_shin: 0.246, // knee - ankle (0.285 H - 0.039 H)
  left_shin: 0.246,
  lower_spine: 0.144, // half of hip joint (0.530 H) to shoulder (0.818 H)
  upper_spine: 0.144,
  neck: 0.09, // shoulder level to nose (~0.91 H)
  head: 0.03, // nose to mid-eyes
  left_clavicle: 0.1295, // half of shoulder width 0.259 H
  right_clavicle: 0.1295,
  left_upper_arm: 0.186,
  right_upper_arm: 0.186,
  left_forearm: 0.146,
  right_forearm: 0.146,
};

/** Bones that set the scale: rarely foreshortened to zero, well detected. */
const SCALE_BONES = ['right_thigh', 'left_thigh', 'right_shin', 'left_shin', 'lower_spine', 'upper_spine', 'left_upper_arm', 'right_upper_arm'];

function frameScale(t: PoseTrack, f: number, heightM: number): number {
  const ratios: number[] = [];
  for (const name of SCALE_BONES) {
    const [a, b] = H36M_LIMBS[name] ?? [0, 0];
    const o = f * t.joints * 2;
    const l = Math.hypot((t.keypoints[o + 2 * b] ?? NaN) - (t.keypoints[o + 2 * a] ?? NaN), (t.keypoints[o + 2 * b + 1] ?? NaN) - (t.keypoints[o + 2 * a + 1] ?? NaN));
    if (l > 1) ratios.push(((BONE_RATIOS[name] ?? 0) * heightM) / l);
  }
  ratios.sort((x, y) => x - y);
  return ratios[Math.min(1, ratios.length - 1)] ?? NaN;
}

function smoothScales(s: Float64Array, half = 15): Float64Array {
  const out = new Float64Array(s.length).fill(NaN);
  for (let f = 0; f < s.length; f++) {
    const w = Array.from(s.subarray(Math.max(0, f - half), f + half + 1)).filter(Number.isFinite).sort((a, b) => a - b);
    if (w.length) out[f] = w[w.length >> 1] ?? NaN;
  }
  return out;
}

/** Fewest frames for which the torso widths are measured from the clip instead of taken from Winter. */
export const WIDTH_MIN_FRAMES = 15;

/**
 * Per-clip lengths (m) of the clavicles and hip bones (half the shoulder and hip widths): the
 * 99th percentile of their picture-plane length (|2D| × s) over the clip when that lies within
 * [0.5, 1] × the Winter length (the clip shows the line about parallel to the image at some
 * point), else the Winter length. Only for clips of ≥ {@link WIDTH_MIN_FRAMES} lifted frames.
 */
function torsoWidths(t2: PoseTrack, scale: Float64Array, H: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [a, b, names] of [[11, 14, ['left_clavicle', 'right_clavicle']], [4, 1, ['left_hip', 'right_hip']]] as const) {
    const w = (BONE_RATIOS[names[0]] ?? 0) * H;
    const seen: number[] = [];
    for (let f = 0; f < t2.frames; f++) {
      const o = f * t2.joints * 2;
      const l = Math.hypot(t2.keypoints[o + 2 * b]! - t2.keypoints[o + 2 * a]!, t2.keypoints[o + 2 * b + 1]! - t2.keypoints[o + 2 * a + 1]!) / 2;
      if (t2.present[f] && Number.isFinite(l * scale[f]!)) seen.push(l * scale[f]!);
    }
    seen.sort((x, y) => x - y);
    const p99 = seen[Math.floor(0.99 * (seen.length - 1))] ?? NaN;
    const len = seen.length >= WIDTH_MIN_FRAMES && p99 >= 0.5 * w && p99 <= w ? p99 : w;
    for (const n of names) out[n] = len;
  }
  return out;
}

/**
 * The lift's bones of `t2` (H36M-17, pixels) frame by frame (lift-skeleton.ts BoneFrames): each
 * bone's 2D vector × the frame's scale `scale[f]` (m/px), clamped to its length L (`widths` for
 * the clavicles and hip bones, else Winter's ratio × `H` m), and |dz| = √(L² − dx² − dy²); zeros
 * where the frame is absent or has no scale.
 * Decided: computed when a frame is asked for (the last frame's kept), not held for the whole
 * clip (384 bytes a frame, issue 29): the same arithmetic, so the same values.
 */
function boneFrames(t2: PoseTrack, scale: Float64Array, widths: Record<string, number>, H: number): BoneFrames {
  const lengths = BONE_ORDER.map((name) => widths[name] ?? (BONE_RATIOS[name] ?? 0) * H);
  const bones = new Float64Array(BONE_COUNT * 3);
  let last = -1;
  return {
    frames: t2.frames,
    frameBones(f: number): Float64Array {
      if (f === last) return bones;
      last = f;
      bones.fill(0);
      const s = scale[f] ?? NaN;
      if (!t2.present[f] || !Number.isFinite(s)) return bones;
      const p2 = (j: number, d: number) => t2.keypoints[(f * t2.joints + j) * 2 + d] ?? NaN;
      for (let b = 0; b < BONE_COUNT; b++) {
        const [pa, ch] = BONE_JOINTS[b]!;
        const L = lengths[b]!;
        let dx = (p2(ch, 0) - p2(pa, 0)) * s;
        let dy = -(p2(ch, 1) - p2(pa, 1)) * s;
        if (!Number.isFinite(dx) || !Number.isFinite(dy)) [dx, dy] = [0, 0];
        const planar = Math.hypot(dx, dy);
        if (planar > L) [dx, dy] = [(dx * L) / planar, (dy * L) / planar];
        [bones[b * 3], bones[b * 3 + 1], bones[b * 3 + 2]] = [dx, dy, Math.sqrt(Math.max(0, L * L - dx * dx - dy * dy))];
      }
      return bones;
    },
  };
}

/**
 * Lifts a 2D H36M track (pixels) to 3D (metres) for a player `heightMm` tall: per-bone
 * foreshortening (module comment), depth signs chosen over the whole clip (lift-signs.ts), then
 * temporal smoothing of the bone directions (lift-smooth.ts). Frames absent in 2D stay absent.
 * Confidences and box confidences are copied; bbox stays NaN. Deterministic.
 */
export function liftTo3d(t2: PoseTrack, heightMm: number): PoseTrack {
  const H = heightMm / 1000;
  const t3 = createPoseTrack(t2.frames, 3, t2.joints, t2.sourcePath);
  t3.frameNr.set(t2.frameNr);
  t3.timestamps.set(t2.timestamps);
  t3.confidences.set(t2.confidences);
  t3.boxConfidence.set(t2.boxConfidence);
  const raw = new Float64Array(t2.frames).fill(NaN);
  for (let f = 0; f < t2.frames; f++) if (t2.present[f]) raw[f] = frameScale(t2, f, H);
  const scale = smoothScales(raw);
  const widths = torsoWidths(t2, scale, H);
  const cue = { noseOffsetM: new Float64Array(t2.frames).fill(NaN), noseConf: new Float64Array(t2.frames) };
  for (let f = 0; f < t2.frames; f++) {
    const s = scale[f] ?? NaN;
    if (!t2.present[f] || !Number.isFinite(s)) continue;
    t3.present[f] = 1;
    const p2 = (j: number, d: number) => t2.keypoints[(f * t2.joints + j) * 2 + d] ?? NaN;
    cue.noseOffsetM[f] = (p2(9, 0) - p2(8, 0)) * s;
    cue.noseConf[f] = t2.confidences[f * t2.joints + 9] ?? 0;
  }
  const runs = presentRuns(t3.present);
  const t = videoTimes(t2, 30); // frame times (s): the timestamps when strictly increasing, else f / 30
  const signs = chooseSigns(boneFrames(t2, scale, widths, H), runs, t, cue);
  const bf = boneFrames(t2, scale, widths, H);
  const frame = new Float64Array(51);
  for (const [a, b] of runs) {
    for (let f = a; f <= b; f++) {
      assembleFrame(bf, f, (bn) => signs[f * BONE_COUNT + bn]!, frame);
      t3.keypoints.set(frame, f * 51);
    }
  }
  const dts = Array.from({ length: t.length - 1 }, (_, i) => t[i + 1]! - t[i]!).sort((x, y) => x - y);
  smoothLift(t3.keypoints, runs, 1 / (dts[dts.length >> 1] ?? 1 / 30));
  return t3;
}

/**
 * The 3D lift of a whole clip on its distinct images: when the clip repeats images (exact pose
 * copies, main/pose/frame-cadence.ts), the lift runs on the distinct images at their true times
 * and each repeat gets its original's 3D pose; otherwise {@link liftTo3d} of the track as is.
 * The engine's 3D track is this lift of its 2D track.
 */
export function liftClip(t2: PoseTrack, heightMm: number, fps: number): PoseTrack {
  const cadence = cadenceOf(repeatsFromPose(t2), t2.timestamps, fps);
  if (cadence.repeated === 0) return liftTo3d(t2, heightMm);
  return spreadFrames(liftTo3d(selectFrames(t2, cadence.distinct, cadence.times), heightMm), cadence.distinct, t2);
}

/**
 * Left/right label swaps. A 2D pose model labels sides from appearance; when a player turns away,
 * MoveNet often calls the left arm or leg the right one for a few frames: the labelled wrist jumps
 * across the body and back. This chooses, for every frame, whether the arm and the leg labels are
 * swapped (wrists only, from the elbows down, or the whole limb from the shoulder/hip) by a
 * Viterbi over the clip that minimises joint motion between consecutive frames — the same kind of
 * search the 3D lift uses for its depth signs (lift-viterbi.ts), with a bone-length term (a wrist
 * joined to the other arm's elbow makes a forearm of the wrong length). A real crossing of the arms is
 * continuous motion and is left alone; a swap is a jump of both sides at once and its repair is
 * a jump of none.
 */
import { J } from '../../pose/h36m.js';
import type { PoseTrack } from '../../pose/pose-track.js';

/** Left/right joint pairs of a limb from its end inwards: wrist, elbow, shoulder (hip, knee, ankle reversed). */
const ARM: readonly (readonly [number, number])[] = [
  [J.leftWrist, J.rightWrist],
  [J.leftElbow, J.rightElbow],
  [J.leftShoulder, J.rightShoulder],
];
const LEG: readonly (readonly [number, number])[] = [
  [J.leftAnkle, J.rightAnkle],
  [J.leftKnee, J.rightKnee],
  [J.leftHip, J.rightHip],
];
/**
 * States of a limb pair: 0 labels as given, k > 0 the first k joint pairs of the chain swapped:
 * 1 the wrists (ankles), 2 also the elbows (knees). Swapping the shoulders (hips) too is not
 * searched: measured against MediaPipe on tennis_forehand_1.mp4 (PCK@0.1 of the shoulders
 * 0.906 → 0.791 with it, 104 frames "repaired"), turning players cross their shoulders for real
 * and the 3D lift's own sign search decides which way the torso faces.
 */
const STATES = 3;
/**
 * Cost of keeping a swap for one frame, in squared torso lengths: labels stay as given unless
 * a swap removes clearly more motion and bone error than it costs. A swap's jump in and out is
 * ≥ 2 × 2 joints × (0.5 torso)² = 1, so swaps of up to ~10 frames are still repaired. Measured
 * (PCK@0.1 of torso size, 2026-11-23): on tennis_forehand_1.mp4 against MediaPipe 0.822 without
 * repair → 0.823 with a prior of 0.002 (35 frames repaired) / 0.02 (14) → 0.824 with 0.1 (8 frames;
 * right wrist 0.830 → 0.836, knees 0.977/0.963 → 0.983/0.968); on tennis_forehand_2.mp4 against
 * Detectron2 0.758 without, 0.749 with 0.002, 0.758 with 0.1.
 */
const SWAP_PRIOR = 0.1;
/** A single joint's squared move is capped (torso lengths²) so one wild detection cannot dominate. */
const MOVE_CAP_SQ = 4;

/** Per-frame swap states chosen for arms and legs (0 = as given), and how many frames were repaired. */
export interface SwapRepair {
  arms: Uint8Array;
  legs: Uint8Array;
  repairedFrames: number;
}

function torsoLength(t: PoseTrack): number {
  const d: number[] = [];
  for (let f = 0; f < t.frames; f++) {
    const i = f * t.joints * 2;
    const dx = t.keypoints[i + J.thorax * 2]! - t.keypoints[i + J.pelvis * 2]!;
    const dy = t.keypoints[i + J.thorax * 2 + 1]! - t.keypoints[i + J.pelvis * 2 + 1]!;
    const l = Math.hypot(dx, dy);
    if (t.present[f] && Number.isFinite(l) && l > 0) d.push(l);
  }
  d.sort((a, b) => a - b);
  return d[d.length >> 1] ?? 1;
}

/** Joint that stands at label `j` of frame f in state `s` of `chain`. */
function source(chain: readonly (readonly [number, number])[], s: number, j: number): number {
  for (let k = 0; k < s; k++) {
    const [l, r] = chain[k]!;
    if (j === l) return r;
    if (j === r) return l;
  }
  return j;
}

/** Bones of a chain per side: [proximal, distal] joints, from the chain's inner pair outwards. */
function bones(chain: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  for (let k = chain.length - 1; k > 0; k--)
    for (const side of [0, 1] as const) out.push([chain[k]![side], chain[k - 1]![side]]);
  return out;
}

function dist(t: PoseTrack, f: number, a: number, b: number): number {
  const i = (f * t.joints + a) * 2;
  const k = (f * t.joints + b) * 2;
  return Math.hypot(t.keypoints[i]! - t.keypoints[k]!, t.keypoints[i + 1]! - t.keypoints[k + 1]!);
}

/** Clip median of each bone of the chain as labelled (swaps are the exception, so the median is the true length). */
function medianBones(t: PoseTrack, chain: readonly (readonly [number, number])[]): number[] {
  return bones(chain).map(([a, b]) => {
    const d: number[] = [];
    for (let f = 0; f < t.frames; f++) if (t.present[f]) d.push(dist(t, f, a, b));
    const ok = d.filter(Number.isFinite).sort((x, y) => x - y);
    return ok[ok.length >> 1] ?? NaN;
  });
}

/**
 * Squared bone-length error (torso lengths²) of frame f in state s: a partial swap (wrists only)
 * of limbs that are apart joins each wrist to the other arm's elbow, and the bones say so.
 */
function boneCost(
  t: PoseTrack,
  chain: readonly (readonly [number, number])[],
  f: number,
  s: number,
  med: number[],
  torso: number,
): number {
  if (!t.present[f]) return 0;
  let c = 0;
  bones(chain).forEach(([a, b], i) => {
    const d = (dist(t, f, source(chain, s, a), source(chain, s, b)) - med[i]!) / torso;
    if (Number.isFinite(d)) c += Math.min(d * d, MOVE_CAP_SQ);
  });
  return c;
}

/** Squared motion (torso lengths²) of the chain's joints from frame f−1 in state a to frame f in state b. */
function moveCost(
  t: PoseTrack,
  chain: readonly (readonly [number, number])[],
  f: number,
  a: number,
  b: number,
  torso: number,
): number {
  if (!t.present[f] || !t.present[f - 1]) return 0;
  let c = 0;
  for (const pair of chain) {
    for (const j of pair) {
      const p = (f * t.joints + source(chain, b, j)) * 2;
      const q = ((f - 1) * t.joints + source(chain, a, j)) * 2;
      const dx = (t.keypoints[p]! - t.keypoints[q]!) / torso;
      const dy = (t.keypoints[p + 1]! - t.keypoints[q + 1]!) / torso;
      const d = dx * dx + dy * dy;
      if (Number.isFinite(d)) c += Math.min(d, MOVE_CAP_SQ);
    }
  }
  return c;
}

function viterbi(t: PoseTrack, chain: readonly (readonly [number, number])[], torso: number): Uint8Array {
  const n = t.frames;
  const states = new Uint8Array(n);
  if (n === 0) return states;
  const med = medianBones(t, chain);
  const unary = (f: number, s: number) => (s ? SWAP_PRIOR : 0) + boneCost(t, chain, f, s, med, torso);
  let cost = Float64Array.from({ length: STATES }, (_, s) => unary(0, s));
  const back = new Uint8Array(n * STATES);
  for (let f = 1; f < n; f++) {
    const next = new Float64Array(STATES).fill(Infinity);
    for (let b = 0; b < STATES; b++) {
      for (let a = 0; a < STATES; a++) {
        const c = cost[a]! + moveCost(t, chain, f, a, b, torso) + unary(f, b);
        if (c < next[b]!) {
          next[b] = c;
          back[f * STATES + b] = a;
        }
      }
    }
    cost = next;
  }
  let s = cost.indexOf(Math.min(...cost));
  for (let f = n - 1; f >= 0; f--) {
    states[f] = s;
    s = back[f * STATES + s]!;
  }
  return states;
}

function applyChain(t: PoseTrack, chain: readonly (readonly [number, number])[], states: Uint8Array): void {
  for (let f = 0; f < t.frames; f++) {
    for (let k = 0; k < states[f]!; k++) {
      const [l, r] = chain[k]!;
      for (const [arr, width] of [
        [t.keypoints, 2],
        [t.confidences, 1],
      ] as const) {
        const a = (f * t.joints + l) * width;
        const b = (f * t.joints + r) * width;
        for (let d = 0; d < width; d++) [arr[a + d], arr[b + d]] = [arr[b + d]!, arr[a + d]!];
      }
    }
  }
}

/**
 * Repairs left/right label swaps of the arms and legs of an H36M-17 2D track in place
 * (keypoints and confidences). Needs the pelvis and thorax (mid-points, unaffected by swaps) for
 * the torso length that scales motion.
 * @throws RangeError when the track is not 2D H36M-17.
 */
export function repairSideSwaps(t: PoseTrack): SwapRepair {
  if (t.dims !== 2 || t.joints !== 17)
    throw new RangeError(`swap repair needs a 2D H36M-17 track, got ${t.dims}D with ${t.joints} joints`);
  const torso = torsoLength(t);
  const arms = viterbi(t, ARM, torso);
  const legs = viterbi(t, LEG, torso);
  applyChain(t, ARM, arms);
  applyChain(t, LEG, legs);
  let repairedFrames = 0;
  for (let f = 0; f < t.frames; f++) if (arms[f] || legs[f]) repairedFrames++;
  return { arms, legs, repairedFrames };
}

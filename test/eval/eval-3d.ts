/**
 * Our 3D pose against a multi-camera triangulation (Pose2Sim TRC of balance_portrait_60fps_1).
 *
 * - Joints: {@link EVAL_JOINTS} (shoulders, elbows, wrists, hips, knees, ankles), pelvis-centred
 *   in both (our 3D pose has the pelvis at the origin; the TRC's pelvis is mid(LHip, RHip)).
 * - MPJPE: our pose is camera-oriented (x right, y up, z toward the camera) and the TRC is in
 *   the lab's frame; with no camera calibration in the shared media, ONE rotation fitted over
 *   all frames (Horn 1987, no scale) maps ours onto the lab frame, then the per-frame mean joint
 *   distance is averaged over frames.
 * - PA-MPJPE: per frame, Procrustes with rotation, translation and scale.
 * - Angles (angles.ts) are each computed in their own frame (both y up); headings are compared
 *   after removing their mean offset (the camera's heading in the lab).
 * - Frame alignment: TRC row `Frame# k` is decoded video frame k − 1 (both 60 fps, 100 frames;
 *   Pose2Sim writes frames 0-100 from 1); `lagScan` checks it by MPJPE at other lags.
 */
import type { Vec3 } from '../../main/pose/vec3.js';
import { J } from '../../main/pose/h36m.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { ANGLE_NAMES, angleError, HEADINGS, jointAngles, type AngleError, type AngleName } from './angles.js';
import { fitRotation, mpjpe, paMpjpe, rotate } from './procrustes.js';
import { EVAL_JOINTS } from './reference-2d.js';

/** Video-frame lags tried by {@link compare3d}'s alignment check. */
export const LAGS: readonly number[] = [-8, -6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 6, 8];

/** Result of {@link compare3d}, metres and degrees. */
export interface Eval3d {
  /** Frames with every compared joint in both. */
  frames: number;
  mpjpeM: number;
  paMpjpeM: number;
  /** MPJPE per joint (after the global rotation), metres, keyed by H36M name order of EVAL_JOINTS. */
  perJointM: number[];
  angles: Record<AngleName, AngleError>;
  /** MPJPE at video-frame lags (ours shifted by lag frames against the TRC), metres. */
  lagScan: { lag: number; mpjpeM: number }[];
}

/** Our 3D joint of track frame i, or null (player absent, not finite). */
function ours(track: PoseTrack, i: number, j: number): Vec3 | null {
  if (!track.present[i]) return null;
  const k = (i * track.joints + j) * 3;
  const v: Vec3 = [track.keypoints[k]!, track.keypoints[k + 1]!, track.keypoints[k + 2]!];
  return v.every(Number.isFinite) ? v : null;
}

/** Pelvis-centred EVAL_JOINTS of both at one frame pair, or null when any is missing. */
function pair(track: PoseTrack, i: number, ref: (Vec3 | null)[]): { a: Vec3[]; b: Vec3[] } | null {
  const [pa, pb] = [ours(track, i, J.pelvis), ref[J.pelvis]];
  if (!pa || !pb) return null;
  const a: Vec3[] = [];
  const b: Vec3[] = [];
  for (const j of EVAL_JOINTS) {
    const [va, vb] = [ours(track, i, j), ref[j]];
    if (!va || !vb) return null;
    a.push([va[0] - pa[0], va[1] - pa[1], va[2] - pa[2]]);
    b.push([vb[0] - pb[0], vb[1] - pb[1], vb[2] - pb[2]]);
  }
  return { a, b };
}

/** Track index of decoded frame f, or −1. */
function indexOfFrame(track: PoseTrack, f: number): number {
  return track.frameNr.indexOf(f);
}

function pairsAtLag(track: PoseTrack, ref: (Vec3 | null)[][], lag: number) {
  const out: { a: Vec3[]; b: Vec3[]; k: number }[] = [];
  ref.forEach((r, k) => {
    const i = indexOfFrame(track, k + lag);
    const p = i >= 0 ? pair(track, i, r) : null;
    if (p) out.push({ ...p, k });
  });
  return out;
}

function globalMpjpe(pairs: { a: Vec3[]; b: Vec3[] }[]): { m: number; perJoint: number[] } {
  if (!pairs.length) return { m: NaN, perJoint: EVAL_JOINTS.map(() => NaN) };
  const r = fitRotation(
    pairs.flatMap((p) => p.a),
    pairs.flatMap((p) => p.b),
  );
  const perJoint = EVAL_JOINTS.map(() => 0);
  let m = 0;
  for (const p of pairs) {
    const ra = p.a.map((v) => rotate(r, v));
    m += mpjpe(ra, p.b) / pairs.length;
    ra.forEach(
      (v, j) =>
        (perJoint[j]! += Math.hypot(v[0] - p.b[j]![0], v[1] - p.b[j]![1], v[2] - p.b[j]![2]) / pairs.length),
    );
  }
  return { m, perJoint };
}

/**
 * Compares our 3D track with the TRC's H36M joints (`ref[k]` = TRC row k = decoded frame k).
 * `lags` are the video-frame shifts tried in `lagScan`.
 */
export function compare3d(track: PoseTrack, ref: (Vec3 | null)[][], lags: readonly number[] = LAGS): Eval3d {
  const pairs = pairsAtLag(track, ref, 0);
  const g = globalMpjpe(pairs);
  const oursAngles = ref.map((_, k) => {
    const i = indexOfFrame(track, k);
    return jointAngles((j) => (i >= 0 ? ours(track, i, j) : null));
  });
  const refAngles = ref.map((r) => jointAngles((j) => r[j] ?? null));
  const angles = Object.fromEntries(
    ANGLE_NAMES.map((n) => [
      n,
      angleError(
        oursAngles.map((a) => a[n]),
        refAngles.map((a) => a[n]),
        HEADINGS.includes(n),
      ),
    ]),
  ) as Record<AngleName, AngleError>;
  return {
    frames: pairs.length,
    mpjpeM: g.m,
    paMpjpeM: pairs.length ? pairs.reduce((s, p) => s + paMpjpe(p.a, p.b), 0) / pairs.length : NaN,
    perJointM: g.perJoint,
    angles,
    lagScan: lags.map((lag) => ({ lag, mpjpeM: globalMpjpe(pairsAtLag(track, ref, lag)).m })),
  };
}

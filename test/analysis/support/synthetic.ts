/**
 * Test helper: synthetic H36M pose tracks with known answers. A right-handed, y-up skeleton
 * (pelvis at origin, body facing +z at heading 0, so the player's right is −x) performs
 * tanh-shaped swings: pelvis, trunk and arm turn in a proximal-to-distal sequence around each
 * swing time; the swing nearest in time drives the pose. Forehands turn counter-clockwise seen from above for a right-hander (clockwise for
 * a left-hander), backhands the other way. The 2D track is an orthographic front view
 * (u = 960 + 300·x, v = 700 − 300·y pixels) or side view (u = 960 + 300·z).
 */
import { createPoseTrack, kpIndex, type PoseTrack } from '../../../main/pose/pose-track.js';
import { J } from '../../../main/pose/h36m.js';

type V = [number, number, number];

export interface SynthSwing {
  /** Time of the hand's peak speed, seconds. */
  t: number;
  side: 'forehand' | 'backhand';
}

export interface SynthOptions {
  fps?: number;
  seconds?: number;
  swings?: SynthSwing[];
  hand?: 'left' | 'right';
  /** Knee flexion of both legs, degrees (exact in the 3D track). */
  kneeFlexDeg?: number;
  /** Horizontal distance of each ankle from the body's midline before flexion, metres. */
  stanceHalfWidthM?: number;
  twoHanded?: boolean;
  /** Swing time constant τ of tanh((t − tc)/τ), seconds. */
  tau?: number;
  /** 2D camera: 'front' (u from x, default) or 'side' (u from z: the hips overlap in the picture). */
  view?: 'front' | 'side';
  /**
   * Turns the whole body about the vertical by this much, degrees (default 0: the chest faces the
   * camera at heading 0, front-on), in the 3D track and its 2D projection: 90 films it side-on.
   */
  cameraYawDeg?: number;
  /**
   * Follow-through lift of the hitting arm after each swing, degrees (default 0): the arm turns up
   * about the shoulder's x axis (lengths kept) by this much, half of it `followThroughLiftDelayS`
   * after the hand's peak speed, over ≈ ±0.1 s.
   */
  followThroughLiftDeg?: number;
  /** When the follow-through lift is half done, seconds after the hand's peak speed (default {@link LIFT_DELAY_S}). */
  followThroughLiftDelayS?: number;
  /** Scales the pelvis (±40°) and trunk (±60°) turns of each swing (default 1): 3 turns them three times as far, three times as fast. */
  bodyTurnScale?: number;
}

/** Default delay of the follow-through lift, seconds: it follows the arm's swing without a pause. */
export const LIFT_DELAY_S = 0.08;

/**
 * How long before the arm's peak the pelvis and trunk rotations peak, seconds (the elite
 * forehand timing of Landlinger et al. 2010: pelvis 75 ms, trunk 57 ms before impact, here
 * rounded to 75 and 45 ms).
 */
export const PELVIS_LEAD_S = 0.075;
export const TRUNK_LEAD_S = 0.045;

/** Rotation about +y by `deg` (counter-clockwise seen from above, as the analysis measures). */
export function rotY(v: V, deg: number): V {
  const a = (deg * Math.PI) / 180;
  return [v[0] * Math.cos(a) + v[2] * Math.sin(a), v[1], -v[0] * Math.sin(a) + v[2] * Math.cos(a)];
}
const add = (a: V, b: V): V => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: V, s: number): V => [a[0] * s, a[1] * s, a[2] * s];

/** Pose of one frame (17 joints) at time t. */
export function synthPose(t: number, o: Required<Omit<SynthOptions, 'fps' | 'seconds' | 'view' | 'cameraYawDeg'>>): V[] {
  let trunk = 0;
  let pelvis = 0;
  let arm = 0;
  let lift = 0;
  const turn = o.hand === 'right' ? 1 : -1;
  // The nearest swing drives the pose (a forehand ends turned where a backhand starts, so the
  // pose is continuous between them; recovery between two same-side swings is not modelled).
  const nearest = [...o.swings].sort((a, b) => Math.abs(a.t - t) - Math.abs(b.t - t)).slice(0, 1);
  for (const s of nearest) {
    const dir = (s.side === 'forehand' ? 1 : -1) * turn;
    pelvis += dir * 40 * o.bodyTurnScale * Math.tanh((t - s.t + PELVIS_LEAD_S) / o.tau);
    trunk += dir * 60 * o.bodyTurnScale * Math.tanh((t - s.t + TRUNK_LEAD_S) / o.tau);
    arm += dir * 70 * Math.tanh((t - s.t) / (0.6 * o.tau)); // the distal segment turns faster
    lift += (o.followThroughLiftDeg * (1 + Math.tanh((t - s.t - o.followThroughLiftDelayS) / 0.05))) / 2;
  }
  const p: V[] = Array.from({ length: 17 }, (): V => [0, 0, 0]);
  const side = (right: boolean) => (right ? -1 : 1);
  const k = ((o.kneeFlexDeg / 2) * Math.PI) / 180;
  for (const right of [true, false]) {
    const hip: V = [side(right) * 0.1, 0, 0];
    const u0: V = [side(right) * (o.stanceHalfWidthM - 0.1), -0.85, 0];
    const u = scale(u0, 1 / Math.hypot(u0[0], u0[1]));
    const knee = add(hip, add(scale(u, 0.45 * Math.cos(k)), [0, 0, 0.45 * Math.sin(k)]));
    const ankle = add(knee, add(scale(u, 0.45 * Math.cos(k)), [0, 0, -0.45 * Math.sin(k)]));
    const [h, kn, an] = right ? [J.rightHip, J.rightKnee, J.rightAnkle] : [J.leftHip, J.leftKnee, J.leftAnkle];
    p[h] = rotY(hip, pelvis);
    p[kn] = rotY(knee, pelvis);
    p[an] = rotY(ankle, pelvis);
  }
  p[J.spine] = [0, 0.25, 0];
  p[J.thorax] = [0, 0.5, 0];
  p[J.neckNose] = rotY([0, 0.6, 0.06], trunk);
  p[J.head] = [0, 0.72, 0];
  const rs = rotY([-0.2, 0.48, 0], trunk);
  const ls = rotY([0.2, 0.48, 0], trunk);
  p[J.rightShoulder] = rs;
  p[J.leftShoulder] = ls;
  const domS = o.hand === 'right' ? rs : ls;
  const up = (lift * Math.PI) / 180;
  const wrist = add(domS, rotY([0, -0.25 * Math.cos(up) + 0.5 * Math.sin(up), 0.25 * Math.sin(up) + 0.5 * Math.cos(up)], trunk + arm));
  const elbow = add(add(domS, scale(add(wrist, scale(domS, -1)), 0.5)), [0, -0.06, 0]);
  const offS = o.hand === 'right' ? ls : rs;
  let offElbow: V;
  let offWrist: V;
  if (o.twoHanded) {
    // Both hands on the grip; the off arm keeps its segment lengths (0.37 m each): the elbow sits
    // below the shoulder–wrist midpoint by what the lengths leave over (two-link arm), so the
    // analysis' bone-length check sees a real arm.
    offWrist = add(wrist, [0, 0.08, 0]);
    const reach = add(offWrist, scale(offS, -1));
    const d = Math.hypot(...reach);
    const drop = Math.sqrt(Math.max(0, 0.37 ** 2 - (d / 2) ** 2));
    offElbow = add(add(offS, scale(reach, 0.5)), [0, -drop, 0]);
  } else {
    offElbow = add(offS, rotY([0, -0.28, 0.05], trunk));
    offWrist = add(offElbow, rotY([0, -0.02, 0.25], trunk));
  }
  const [dE, dW, oE, oW] = o.hand === 'right' ? [J.rightElbow, J.rightWrist, J.leftElbow, J.leftWrist] : [J.leftElbow, J.leftWrist, J.rightElbow, J.rightWrist];
  p[dE] = elbow;
  p[dW] = wrist;
  p[oE] = offElbow;
  p[oW] = offWrist;
  return p;
}

/** Builds matching 2D and 3D tracks (confidence 0.9 everywhere, timestamps f / fps). */
export function synthTracks(opts: SynthOptions = {}): { pose2d: PoseTrack; pose3d: PoseTrack; fps: number; width: number; height: number } {
  const fps = opts.fps ?? 60;
  const frames = Math.round((opts.seconds ?? 2) * fps);
  const o = {
    swings: opts.swings ?? [{ t: 1, side: 'forehand' as const }],
    hand: opts.hand ?? 'right',
    kneeFlexDeg: opts.kneeFlexDeg ?? 30,
    stanceHalfWidthM: opts.stanceHalfWidthM ?? 0.3,
    twoHanded: opts.twoHanded ?? false,
    tau: opts.tau ?? 0.08,
    bodyTurnScale: opts.bodyTurnScale ?? 1,
    followThroughLiftDeg: opts.followThroughLiftDeg ?? 0,
    followThroughLiftDelayS: opts.followThroughLiftDelayS ?? LIFT_DELAY_S,
  };
  const pose2d = createPoseTrack(frames, 2);
  const pose3d = createPoseTrack(frames, 3);
  for (let f = 0; f < frames; f++) {
    const t = f / fps;
    const pose = synthPose(t, o).map((v) => (opts.cameraYawDeg ? rotY(v, opts.cameraYawDeg) : v));
    for (const tr of [pose2d, pose3d]) {
      tr.timestamps[f] = t;
      tr.present[f] = 1;
      tr.boxConfidence[f] = 0.9;
    }
    pose.forEach((v, j) => {
      pose3d.keypoints.set(v, kpIndex(pose3d, f, j));
      pose2d.keypoints.set([960 + 300 * (opts.view === 'side' ? v[2] : v[0]), 700 - 300 * v[1]], kpIndex(pose2d, f, j));
      pose3d.confidences[f * 17 + j] = 0.9;
      pose2d.confidences[f * 17 + j] = 0.9;
    });
  }
  return { pose2d, pose3d, fps, width: 1920, height: 1080 };
}

/** Sets joint j in frame f to "not detected" in both tracks (confidence 0, NaN position). */
export function dropJoint(t: { pose2d: PoseTrack; pose3d: PoseTrack }, f: number, j: number): void {
  for (const tr of [t.pose2d, t.pose3d]) {
    tr.confidences[f * 17 + j] = 0;
    tr.keypoints.fill(NaN, kpIndex(tr, f, j), kpIndex(tr, f, j) + tr.dims);
  }
}

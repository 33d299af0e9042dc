/**
 * Test helper: a simple, documented 2D→3D lift for a FRONT-ON clip of a right-handed forehand
 * (tennis_forehand_2: the camera faces the player). Not the engine's lifter; it only gives the
 * analysis a plausible 3D track to work on.
 *
 * - Scale: s = 0.87 · height / median(ankle-y − nose-y) metres per pixel (nose-to-ankle is about
 *   0.87 of stature, Drillis & Contini 1966 proportions).
 * - x = (u − u_pelvis)·s (image right), y = −(v − v_pelvis)·s (up), z toward the camera
 *   (right-handed). Pelvis at origin.
 * - Depth of the shoulder and hip lines: each line's true length W is its widest 2D length in
 *   the clip; at a frame, the depth difference is √(W² − w²) (Taylor 2000, "Reconstruction of
 *   articulated objects from point correspondences in a single uncalibrated image").
 * - Arm and leg bones get depth the same way from segment lengths (upper arm 0.186 H,
 *   forearm 0.146 H, thigh 0.245 H, shank 0.246 H; Drillis & Contini).
 * - Sign of each depth (Taylor's ambiguity) by temporal continuity: in the first frame the
 *   player's right side and right arm are away from the camera (the clip starts in the
 *   backswing) and knees are in front; after that each bone keeps the sign that changes its
 *   depth least from the previous frame, so it can only flip while passing through the picture
 *   plane, as a real rotation does.
 */
import { createPoseTrack, kpIndex, type PoseTrack } from '../../../main/pose/pose-track.js';
import { J } from '../../../main/pose/h36m.js';

type P3 = [number, number, number];

function median(v: number[]): number {
  const s = v.filter(Number.isFinite).sort((a, b) => a - b);
  return s[s.length >> 1] ?? NaN;
}

/** Lifts a front-on 2D H36M track of a right-hander to 3D metres (see module doc). */
export function liftFrontOn(t2: PoseTrack, heightM: number): PoseTrack {
  const n = t2.frames;
  const px = (f: number, j: number): [number, number] => {
    const i = kpIndex(t2, f, j);
    return [t2.keypoints[i]!, t2.keypoints[i + 1]!];
  };
  const s = (0.87 * heightM) / median(Array.from({ length: n }, (_, f) => (px(f, J.rightAnkle)[1] + px(f, J.leftAnkle)[1]) / 2 - px(f, J.neckNose)[1]));
  const width = (f: number, a: number, b: number) => Math.hypot(px(f, a)[0] - px(f, b)[0], px(f, a)[1] - px(f, b)[1]) * s;
  const wSh = Math.max(...Array.from({ length: n }, (_, f) => width(f, J.leftShoulder, J.rightShoulder)));
  const wHip = Math.max(...Array.from({ length: n }, (_, f) => width(f, J.leftHip, J.rightHip)));
  const depth = (len: number, f: number, a: number, b: number) => Math.sqrt(Math.max(0, len * len - width(f, a, b) ** 2));
  const out = createPoseTrack(n, 3, 17, t2.sourcePath);
  const prev = new Map<string, number>();
  const signed = (key: string, mag: number, initial: 1 | -1): number => {
    const last = prev.get(key);
    const v = last === undefined ? initial * mag : Math.abs(mag - last) <= Math.abs(-mag - last) ? mag : -mag;
    prev.set(key, v);
    return v;
  };
  for (let f = 0; f < n; f++) {
    out.frameNr[f] = t2.frameNr[f]!;
    out.timestamps[f] = t2.timestamps[f]!;
    out.present[f] = t2.present[f]!;
    const pel = px(f, J.pelvis);
    const xy = (j: number): P3 => [(px(f, j)[0] - pel[0]) * s, -(px(f, j)[1] - pel[1]) * s, 0];
    const p: P3[] = Array.from({ length: 17 }, (_, j) => xy(j));
    const dSh = signed('shoulders', depth(wSh, f, J.leftShoulder, J.rightShoulder) / 2, -1);
    const dHip = signed('hips', depth(wHip, f, J.leftHip, J.rightHip) / 2, -1);
    p[J.rightShoulder]![2] = dSh;
    p[J.leftShoulder]![2] = -dSh;
    p[J.rightHip]![2] = dHip;
    p[J.leftHip]![2] = -dHip;
    for (const [sh, el, wr] of [
      [J.rightShoulder, J.rightElbow, J.rightWrist],
      [J.leftShoulder, J.leftElbow, J.leftWrist],
    ] as const) {
      p[el]![2] = p[sh]![2] + signed(`upper${el}`, depth(0.186 * heightM, f, sh, el), -1);
      p[wr]![2] = p[el]![2] + signed(`fore${wr}`, depth(0.146 * heightM, f, el, wr), -1);
    }
    for (const [hip, kn, an] of [
      [J.rightHip, J.rightKnee, J.rightAnkle],
      [J.leftHip, J.leftKnee, J.leftAnkle],
    ] as const) {
      p[kn]![2] = p[hip]![2] + depth(0.245 * heightM, f, hip, kn);
      p[an]![2] = p[kn]![2] - depth(0.246 * heightM, f, kn, an);
    }
    p.forEach((v, j) => {
      const i = kpIndex(out, f, j);
      out.keypoints.set(v, i);
      out.confidences[f * 17 + j] = t2.confidences[f * 17 + j]!;
    });
  }
  return out;
}

/**
 * Per-frame kinematic series of one clip, from the 3D track (metres, y up, pelvis at origin):
 * pelvis and trunk rotation about the vertical axis and the speed of the hitting hand.
 *
 * Method (same for every series): raw per-frame value (NaN when a needed joint is not
 * measured) → single-frame spikes removed by a Hampel filter (±{@link HAMPEL_HALF_S}, 3 σ,
 * floor 3 cm or 5°) → gaps of at most {@link MAX_FILL_S} filled by linear interpolation → Savitzky–Golay
 * smoothing (quadratic, window {@link smoothingWindow}(fps) ≈ 1/6 s) → central differences on
 * the real timestamps (seconds). Angles are unwrapped before smoothing.
 *
 * Because the engine's 3D pose is pelvis-centred, hand speed is the speed relative to the
 * pelvis: the player's run toward the ball is not in it (Landlinger et al. 2010 measured
 * 2–3 m/s horizontal shoulder speed in elite forehands, so a moving player's true hand speed
 * is higher by up to that much).
 */
import { J } from '../../pose/h36m.js';
import { joint2, joint3, series, type PosePair } from './pose-access.js';
import { mid, norm, sub, yaw, type Vec3 } from '../../pose/vec3.js';
import { centralDiff, fillGaps, hampel, median, savitzkyGolay, smoothingWindow, unwrap } from './signal.js';
import { videoTimes } from '../../pose/frame-time.js';

/** Longest gap (seconds) bridged by interpolation before differentiation. */
export const MAX_FILL_S = 0.25;
/** Half window of the Hampel spike filter, seconds (3 frames at 30 fps). */
export const HAMPEL_HALF_S = 0.1;
const HAMPEL_SIGMA = 3;
const HAMPEL_FLOOR_M = 0.03;
const HAMPEL_FLOOR_DEG = 5;

/** Which point is "the hand": the dominant wrist, or the midpoint of both wrists (two-handed). */
export type HandPoint = 'dominant_wrist' | 'wrist_midpoint';

/** Smoothed series of a clip. Angles in degrees, angular velocities in deg/s, speeds in m/s. */
export interface Kinematics {
  /** Analysis clock: real seconds, one per frame (timebase.ts). Speeds and durations use it. */
  t: Float64Array;
  /** The frames' times on the video's own timeline, seconds (what results report as `timestamp`). */
  videoT: Float64Array;
  /** Heading of the hip line (left_hip → right_hip), deg, unwrapped, smoothed. */
  pelvisYaw: Float64Array;
  /** Heading of the shoulder line (left_shoulder → right_shoulder), deg, unwrapped, smoothed. */
  trunkYaw: Float64Array;
  /** Signed d(pelvisYaw)/dt, deg/s (positive = counter-clockwise seen from above). */
  pelvisOmega: Float64Array;
  /** Signed d(trunkYaw)/dt, deg/s. */
  trunkOmega: Float64Array;
  /** Smoothed hand position per frame, metres (NaN rows where unmeasured). */
  hand: Vec3[];
  /**
   * Hand position in the picture plane relative to the pelvis, metres (2D pixels × the frame's
   * metres per pixel, from the 3D/2D trunk length ratio median-filtered over ±0.5 s), smoothed
   * like the 3D series. Free of the depth ambiguity of a monocular lift; used to locate swings.
   */
  handPlane: [number, number][];
  /** |d(hand)/dt|, m/s. */
  handSpeed: Float64Array;
  handPoint: HandPoint;
  /**
   * Half the Savitzky–Golay window, samples: within this many samples of the clip's first and
   * last frame the window shrinks (signal.ts), so smoothed values and their derivatives there are
   * edge estimates that move with where the clip was cut.
   */
  smoothHalf: number;
  /** Frame ranges [first, last] that could not be bridged (no measurement), per series name. */
  gaps: { series: string; from: number; to: number }[];
}

/**
 * Frame times of the analysis clock, seconds: the pair's `clock` when it has one (timebase.ts),
 * else the 3D track's video times (timestamps when strictly increasing, else f / fps).
 * @throws RangeError when fps is not a positive finite number.
 */
export function frameTimes(p: PosePair, fps: number): Float64Array {
  if (!(fps > 0) || !Number.isFinite(fps)) throw new RangeError(`fps must be a positive number, got ${fps}`);
  if (p.clock && p.clock.length === p.pose3d.frames) return Float64Array.from(p.clock);
  return videoTimes(p.pose3d, fps);
}

/**
 * Samples at each end of the clip whose smoothed values are edge estimates that move with where
 * the clip was cut: within half of {@link Kinematics.smoothHalf} of the first or last frame the
 * Savitzky–Golay window is cut to less than half. A maximum found there may lie outside the clip.
 */
export function clipEdgeSamples(k: Pick<Kinematics, 'smoothHalf'>): number {
  return Math.ceil(k.smoothHalf / 2);
}

/** Computes the kinematic series of a clip for the given hitting hand. */
export function computeKinematics(p: PosePair, fps: number, hand: 'left' | 'right', handPoint: HandPoint): Kinematics {
  const n = p.pose3d.frames;
  const t = frameTimes(p, fps);
  const win = smoothingWindow(fps);
  const gaps: Kinematics['gaps'] = [];
  const prep = preparer(fps, gaps);
  const lineYaw = (a: number, b: number) =>
    series(n, (f) => {
      const pa = joint3(p, f, a);
      const pb = joint3(p, f, b);
      return pa && pb ? (yaw(pa, pb) * 180) / Math.PI : null;
    });
  const pelvisYaw = prep('pelvis rotation', degUnwrap(lineYaw(J.leftHip, J.rightHip)), HAMPEL_FLOOR_DEG);
  const trunkYaw = prep('trunk rotation', degUnwrap(lineYaw(J.leftShoulder, J.rightShoulder)), HAMPEL_FLOOR_DEG);
  const wristJ = hand === 'right' ? J.rightWrist : J.leftWrist;
  const handAt = (f: number): Vec3 | null => {
    if (handPoint === 'dominant_wrist') return joint3(p, f, wristJ);
    const l = joint3(p, f, J.leftWrist);
    const r = joint3(p, f, J.rightWrist);
    return l && r ? mid(l, r) : null;
  };
  const axes = [0, 1, 2].map((d) => prep('hand', series(n, (f) => handAt(f)?.[d] ?? null), HAMPEL_FLOOR_M));
  const plane = planeHand(p, n, fps, hand, handPoint).map((raw) => prep('hand', raw, HAMPEL_FLOOR_M));
  const vel = axes.map((a) => centralDiff(a, t));
  const handSpeed = Float64Array.from({ length: n }, (_, f) => Math.hypot(vel[0]![f]!, vel[1]![f]!, vel[2]![f]!));
  const handPos = Array.from({ length: n }, (_, f): Vec3 => [axes[0]![f]!, axes[1]![f]!, axes[2]![f]!]);
  return {
    t,
    videoT: videoTimes(p.pose3d, fps),
    pelvisYaw,
    trunkYaw,
    pelvisOmega: centralDiff(pelvisYaw, t),
    trunkOmega: centralDiff(trunkYaw, t),
    hand: handPos,
    handPlane: Array.from({ length: n }, (_, f): [number, number] => [plane[0]![f]!, plane[1]![f]!]),
    handSpeed,
    handPoint,
    smoothHalf: (win - 1) / 2,
    gaps: dedupeGaps(gaps),
  };
}

/**
 * The module's series method for one raw series at `fps` (module comment): Hampel spikes out,
 * gaps ≤ {@link MAX_FILL_S} filled (longer ones pushed to `gaps` under `name`), Savitzky–Golay.
 */
function preparer(fps: number, gaps: Kinematics['gaps']): (name: string, raw: Float64Array, floor: number) => Float64Array {
  const maxGap = Math.max(1, Math.round(MAX_FILL_S * fps));
  const win = smoothingWindow(fps);
  const half = Math.max(2, Math.round(HAMPEL_HALF_S * fps));
  return (name, raw, floor) => {
    const { filled, unfilled } = fillGaps(hampel(raw, half, HAMPEL_SIGMA, floor).out, maxGap);
    for (const [from, to] of unfilled) gaps.push({ series: name, from, to });
    return savitzkyGolay(filled, win);
  };
}

/**
 * {@link Kinematics.handPlane} alone, the same values computeKinematics(p, fps, hand, handPoint)
 * gives: the picture-plane hand [x, y] relative to the pelvis per frame, metres (NaN where not
 * measured). Decided: what contact-candidates.ts locatingPlane needs, without the other series
 * (≈ 0.3 KB a frame of garbage per call on a long clip, issue 29).
 * @throws RangeError when fps is not a positive finite number (as computeKinematics).
 */
export function handPlaneOf(p: PosePair, fps: number, hand: 'left' | 'right', handPoint: HandPoint): [number, number][] {
  if (!(fps > 0) || !Number.isFinite(fps)) throw new RangeError(`fps must be a positive number, got ${fps}`);
  const n = p.pose3d.frames;
  const prep = preparer(fps, []);
  const plane = planeHand(p, n, fps, hand, handPoint).map((raw) => prep('hand', raw, HAMPEL_FLOOR_M));
  return Array.from({ length: n }, (_, f): [number, number] => [plane[0]![f]!, plane[1]![f]!]);
}

/**
 * Metres per picture pixel at each frame of the pair: the pelvis–thorax length in the 3D pose
 * (metres) ÷ the same length in the picture (pixels), median-filtered over ±0.5 s; NaN where
 * neither is measured nearby. Turns picture-plane movement into metres (Kinematics.handPlane; the
 * serve's leg drive, technique/serve-motion.ts).
 */
export function pictureScale(p: PosePair, fps: number): Float64Array {
  const n = p.pose3d.frames;
  const mpp = series(n, (f) => {
    const a = joint3(p, f, J.pelvis);
    const b = joint3(p, f, J.thorax);
    const a2 = joint2(p, f, J.pelvis);
    const b2 = joint2(p, f, J.thorax);
    if (!a || !b || !a2 || !b2) return null;
    const px = Math.hypot(b2[0] - a2[0], b2[1] - a2[1]);
    return px > 1 ? norm(sub(b, a)) / px : null;
  });
  const half = Math.max(1, Math.round(fps / 2));
  return mpp.map((_, f) => median(mpp.subarray(Math.max(0, f - half), Math.min(n, f + half + 1))));
}

/** Raw picture-plane hand series [x, y] in metres (see Kinematics.handPlane). */
function planeHand(p: PosePair, n: number, fps: number, hand: 'left' | 'right', handPoint: HandPoint): Float64Array[] {
  const wristJ = hand === 'right' ? J.rightWrist : J.leftWrist;
  const scale = pictureScale(p, fps);
  const at = (f: number): [number, number] | null => {
    const pel = joint2(p, f, J.pelvis);
    let w: [number, number] | null;
    if (handPoint === 'dominant_wrist') w = joint2(p, f, wristJ);
    else {
      const l = joint2(p, f, J.leftWrist);
      const r = joint2(p, f, J.rightWrist);
      w = l && r ? [(l[0] + r[0]) / 2, (l[1] + r[1]) / 2] : null;
    }
    return pel && w ? [w[0] - pel[0], w[1] - pel[1]] : null;
  };
  return [0, 1].map((d) => series(n, (f) => (at(f)?.[d] ?? NaN) * scale[f]!));
}

function degUnwrap(deg: Float64Array): Float64Array {
  const rad = unwrap(deg.map((v) => (v * Math.PI) / 180));
  return rad.map((v) => (v * 180) / Math.PI);
}

function dedupeGaps(g: Kinematics['gaps']): Kinematics['gaps'] {
  const seen = new Set<string>();
  return g.filter((x) => {
    const k = `${x.series}:${x.from}:${x.to}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

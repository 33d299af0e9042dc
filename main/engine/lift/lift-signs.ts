/**
 * Depth signs of the lifted bones, chosen over a whole run of frames (lift-viterbi.ts) instead
 * of per frame. Groups, solved in this order (each later group sees the earlier ones fixed):
 *
 * 1. torso, 8 hypotheses: sign of the shoulder line's depth (right vs left shoulder), of the
 *    hip line's depth, of the spine's depth (lower and upper spine together). Both clavicles
 *    (hips) have equal |dz| and opposite signs: thorax and pelvis are the 2D midpoints.
 * 2. neck and head: along the chest normal of the chosen torso (nose in front of the thorax,
 *    eyes behind the nose); tiny bones, not searched.
 * 3. each arm (upper arm × forearm) and each leg (thigh × shin), 4 hypotheses each.
 *
 * Cost = Σ |joint acceleration| (m/s², lift-viterbi.ts) + priors, all in m/s². A wrong sign on a
 * bone with |dz| = 0.1 m at 30 fps makes its joint jump 0.2 m and back: ≈ 2 × 180 m/s² of
 * acceleration, so the priors below (≤ 40 m/s² per frame) only decide when motion does not:
 * in still phases, and for the clip-wide mirror choice that motion can never decide.
 *
 * Priors (chest normal n = up × (right shoulder − left shoulder), horizontal):
 * - FACE (40 · nose confidence · min(1, |nose_x − thorax_x| / 5 cm) · |n_x|): the nose is in
 *   front of the face, so its picture-plane offset from the thorax says which way the chest
 *   faces (n_x). With the posture priors below it fixes the global mirror ambiguity.
 * - SEPARATION (40 per 45° beyond 45°): pelvis and shoulder headings differ by < 45° in most of
 *   a stroke (hip–shoulder separation peaks ≈ 20–45° in tennis: Landlinger et al. 2010).
 * - LEAN (20 · share of the spine pointing backward): players lean forward, not back.
 * - ARM (30 · share of the wrist behind the chest plane): hands are mostly in front of the chest
 *   (not always: backswings go back, so motion overrides it).
 * - KNEE (20 · knee offset behind the hip–ankle line / 10 cm, at most 40): knees do not hyperextend.
 *
 * Global mirror: the whole body's mirror image (every sign flipped) projects to the same 2D with
 * the same accelerations. The torso solution and its mirror are each completed with their best
 * limbs and the cheaper whole (motion + all priors) is kept.
 */
import { assembleFrame, BONE, BONE_COUNT, type BoneFrames } from './lift-skeleton.js';
import { viterbiSigns } from './lift-viterbi.js';

/** Prior weights, m/s² (see the module comment). */
export const SIGN_PRIORS = { face: 40, faceRefM: 0.05, separation: 40, separationFreeDeg: 45, lean: 20, arm: 30, knee: 20, kneeRefM: 0.1 } as const;

/** The 2D cues the priors need, per frame of the run's clip. */
export interface FaceCue {
  /** Nose x minus thorax x, metres (picture plane, x right); NaN when unknown. */
  noseOffsetM: Float64Array;
  /** Nose keypoint confidence, 0–1. */
  noseConf: Float64Array;
}

type V3 = [number, number, number];
const at = (p: Float64Array, j: number): V3 => [p[3 * j]!, p[3 * j + 1]!, p[3 * j + 2]!];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Horizontal unit chest normal from a frame's joints (up × shoulder line); zero when undefined. */
export function chestNormal(p: Float64Array): V3 {
  const r = sub(at(p, 14), at(p, 11));
  const h = Math.hypot(r[0], r[2]);
  return h > 1e-9 ? [r[2] / h, 0, -r[0] / h] : [0, 0, 0];
}

const heading = (a: V3, b: V3) => Math.atan2(-(b[2] - a[2]), b[0] - a[0]);

function torsoPrior(p: Float64Array, f: number, cue: FaceCue): number {
  const n = chestNormal(p);
  let cost = 0;
  const nx = cue.noseOffsetM[f]!;
  if (Number.isFinite(nx) && Math.sign(nx) !== Math.sign(n[0]) && n[0] !== 0) {
    cost += SIGN_PRIORS.face * (cue.noseConf[f] ?? 0) * Math.min(1, Math.abs(nx) / SIGN_PRIORS.faceRefM) * Math.abs(n[0]);
  }
  let d = Math.abs(heading(at(p, 11), at(p, 14)) - heading(at(p, 4), at(p, 1)));
  if (d > Math.PI) d = 2 * Math.PI - d;
  cost += SIGN_PRIORS.separation * Math.max(0, (d * 180) / Math.PI - SIGN_PRIORS.separationFreeDeg) / 45;
  const spine = sub(at(p, 8), at(p, 0));
  const len = Math.hypot(...spine);
  if (len > 0) cost += SIGN_PRIORS.lean * Math.max(0, -dot(spine, n) / len);
  return cost;
}

const ARMS = [[BONE.left_upper_arm, BONE.left_forearm, [11, 12, 13]], [BONE.right_upper_arm, BONE.right_forearm, [14, 15, 16]]] as const;
const LEGS = [[BONE.left_thigh, BONE.left_shin, [4, 5, 6]], [BONE.right_thigh, BONE.right_shin, [1, 2, 3]]] as const;

function armPrior(p: Float64Array, jo: readonly [number, number, number]): number {
  const w = sub(at(p, jo[2]), at(p, 8));
  return SIGN_PRIORS.arm * Math.max(0, -dot(w, chestNormal(p)) / (Math.hypot(...w) || 1));
}

function kneePrior(p: Float64Array, jo: readonly [number, number, number]): number {
  const hip = at(p, jo[0]);
  const ank = at(p, jo[2]);
  const k = sub(at(p, jo[1]), [(hip[0] + ank[0]) / 2, (hip[1] + ank[1]) / 2, (hip[2] + ank[2]) / 2]);
  return SIGN_PRIORS.knee * Math.min(2, Math.max(0, -dot(k, chestNormal(p)) / SIGN_PRIORS.kneeRefM));
}

const TORSO_BONES = [BONE.right_clavicle, BONE.left_clavicle, BONE.right_hip, BONE.left_hip, BONE.lower_spine, BONE.upper_spine];

/** Σ torso prior over frames a..b under the current signs, m/s². */
function torsoPriorSum(bf: BoneFrames, signs: Int8Array, a: number, b: number, cue: FaceCue): number {
  const frame = new Float64Array(51);
  let cost = 0;
  for (let f = a; f <= b; f++) {
    assembleFrame(bf, f, (bn) => signs[f * BONE_COUNT + bn]!, frame);
    cost += torsoPrior(frame, f, cue);
  }
  return cost;
}

/** Neck and head signs of frames a..b from the chest normal of the chosen torso. */
function setNeckHead(bf: BoneFrames, signs: Int8Array, a: number, b: number): void {
  const frame = new Float64Array(51);
  for (let f = a; f <= b; f++) {
    assembleFrame(bf, f, (bn) => signs[f * BONE_COUNT + bn]!, frame);
    const nz = chestNormal(frame)[2] >= 0 ? 1 : -1;
    signs[f * BONE_COUNT + BONE.neck] = nz;
    signs[f * BONE_COUNT + BONE.head] = -nz;
  }
}

/**
 * Chooses the depth sign of every bone in every frame of `bf` (BONE_ORDER indices), run by run
 * (`runs`: [first, last] frames with a lift). Returns ±1 per (frame, bone): `signs[f · 16 + b]`.
 * Deterministic. `t`: frame times in seconds, strictly increasing inside each run.
 */
export function chooseSigns(bf: BoneFrames, runs: [number, number][], t: ArrayLike<number>, cue: FaceCue): Int8Array {
  const signs = new Int8Array(bf.frames * BONE_COUNT).fill(1);
  for (const [a, b] of runs) {
    const tt = Array.from({ length: b - a + 1 }, (_, i) => Number(t[a + i]));
    const solve = (states: number, set: (f: number, s: number) => void, joints: number[], prior: (p: Float64Array, f: number) => number) => {
      // The frame's joints under each hypothesis, for its positions and then its prior: viterbiSigns
      // asks for one frame's hypotheses at a time, in frame order, so only that frame's are kept.
      const cache = Array.from({ length: states }, () => new Float64Array(51));
      let cachedFrame = -1;
      let cached = 0;
      const full = (f: number, s: number) => {
        if (f !== cachedFrame) [cachedFrame, cached] = [f, 0];
        const p = cache[s]!;
        if (!(cached & (1 << s))) {
          set(a + f, s);
          assembleFrame(bf, a + f, (bn) => signs[(a + f) * BONE_COUNT + bn]!, p);
          cached |= 1 << s;
        }
        return p;
      };
      const { path, cost } = viterbiSigns({
        frames: b - a + 1,
        states,
        t: tt,
        positions: (f, s) => Float64Array.from(joints.flatMap((j) => [...at(full(f, s), j)])),
        unary: (f, s) => prior(full(f, s), a + f),
      });
      path.forEach((s, f) => set(a + f, s));
      return cost;
    };
    const put = (f: number, bone: number, s: number) => (signs[f * BONE_COUNT + bone] = s);
    solve(
      8,
      (f, s) => {
        const [sh, hp, sp] = [s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1];
        put(f, BONE.right_clavicle, sh);
        put(f, BONE.left_clavicle, -sh);
        put(f, BONE.right_hip, hp);
        put(f, BONE.left_hip, -hp);
        put(f, BONE.lower_spine, sp);
        put(f, BONE.upper_spine, sp);
      },
      [1, 4, 7, 8, 11, 14],
      (p, f) => torsoPrior(p, f, cue),
    );
    const limb = (upper: number, lower: number, joints: readonly [number, number, number], prior: (p: Float64Array) => number) =>
      solve(4, (f, s) => (put(f, upper, s & 1 ? -1 : 1), put(f, lower, s & 2 ? -1 : 1)), joints.slice(1), prior);
    const limbs = () => {
      setNeckHead(bf, signs, a, b);
      let cost = 0;
      for (const [ua, fa, jo] of ARMS) cost += limb(ua, fa, jo, (p) => armPrior(p, jo));
      for (const [th, sh, jo] of LEGS) cost += limb(th, sh, jo, (p) => kneePrior(p, jo));
      return cost + torsoPriorSum(bf, signs, a, b, cue);
    };
    // The torso's mirror image (every torso sign flipped) has the same accelerations; only the
    // priors tell them apart, so both are completed with their best limbs and compared whole.
    const kept = limbs();
    const keptSigns = signs.slice(a * BONE_COUNT, (b + 1) * BONE_COUNT);
    for (let f = a; f <= b; f++) for (const bn of TORSO_BONES) signs[f * BONE_COUNT + bn] = -signs[f * BONE_COUNT + bn]!;
    if (limbs() >= kept) signs.set(keptSigns, a * BONE_COUNT);
  }
  return signs;
}

/**
 * Second-order Viterbi over a small set of discrete per-frame hypotheses (here: depth-sign
 * choices of a group of bones), used by the 3D lift to pick one consistent sign sequence for a
 * whole run of frames instead of guessing each frame on its own.
 *
 * Cost of a sequence s_0..s_{n−1} (all terms in m/s²):
 *   Σ_f unary(f, s_f)  +  Σ_f Σ_joints |a_f|,
 * a_f = the joint's acceleration from the central second difference of its 3D positions under
 * (s_{f−1}, s_f, s_{f+1}) on the real timestamps. A wrong sign makes a joint jump by 2·|dz| and
 * back, i.e. two large accelerations; a first-order (displacement) cost alone could not tell a
 * torso that turns through facing the camera (the sign of dz changes while |dz| passes 0) from
 * one that bounces back — both move equally far — while the second difference can.
 * The first pair of frames costs |p_1 − p_0| / dt² (motion from rest).
 *
 * Deterministic: ties go to the lowest state index.
 */

/** Input of {@link viterbiSigns}. */
export interface ViterbiProblem {
  /** Frames in the run (≥ 1). */
  frames: number;
  /** Hypotheses per frame (≥ 1). */
  states: number;
  /** Frame times, seconds, strictly increasing, length ≥ frames. */
  t: ArrayLike<number>;
  /** Positions of the group's joints under hypothesis s at frame f: flat [x, y, z, …], metres, same length for all. */
  positions(f: number, s: number): Float64Array;
  /** Prior cost of hypothesis s at frame f, m/s² (≥ 0). */
  unary(f: number, s: number): number;
}

function accel(a: Float64Array, b: Float64Array, c: Float64Array, dt1: number, dt2: number): number {
  let sum = 0;
  const h = (dt1 + dt2) / 2;
  for (let i = 0; i < b.length; i += 3) {
    let sq = 0;
    for (let d = 0; d < 3; d++) {
      const acc = ((c[i + d]! - b[i + d]!) / dt2 - (b[i + d]! - a[i + d]!) / dt1) / h;
      sq += acc * acc;
    }
    sum += Math.sqrt(sq);
  }
  return sum;
}

function fromRest(a: Float64Array, b: Float64Array, dt: number): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 3) sum += Math.hypot(b[i]! - a[i]!, b[i + 1]! - a[i + 1]!, b[i + 2]! - a[i + 2]!);
  return sum / (dt * dt);
}

/** Result of {@link viterbiSigns}: chosen state per frame and the sequence's total cost (m/s²). */
export interface ViterbiResult {
  path: Int32Array;
  cost: number;
}

/**
 * Minimum-cost hypothesis per frame (see the module comment) and its cost. O(frames · states³)
 * time; meant for states ≤ 8.
 * @throws RangeError when frames or states is < 1.
 */
export function viterbiSigns(p: ViterbiProblem): ViterbiResult {
  const { frames: n, states: S } = p;
  if (n < 1 || S < 1) throw new RangeError(`viterbiSigns needs ≥ 1 frame and state, got ${n} frames, ${S} states`);
  const pos = Array.from({ length: n }, (_, f) => Array.from({ length: S }, (_, s) => p.positions(f, s)));
  const un = Array.from({ length: n }, (_, f) => Float64Array.from({ length: S }, (_, s) => p.unary(f, s)));
  const out = new Int32Array(n);
  if (n === 1) {
    out[0] = argmin(un[0]!);
    return { path: out, cost: un[0]![out[0]]! };
  }
  const dt = (f: number) => Math.max(1e-3, Number(p.t[f + 1]) - Number(p.t[f]));
  // D[a * S + b]: best cost of a sequence ending (s_{f−1} = a, s_f = b); back[f][a * S + b] = s_{f−2}.
  let D = new Float64Array(S * S);
  for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) D[a * S + b] = un[0]![a]! + un[1]![b]! + fromRest(pos[0]![a]!, pos[1]![b]!, dt(0));
  const back: Int32Array[] = [];
  for (let f = 2; f < n; f++) {
    const next = new Float64Array(S * S).fill(Infinity);
    const bk = new Int32Array(S * S);
    for (let a = 0; a < S; a++) {
      for (let b = 0; b < S; b++) {
        const nb = a * S + b;
        for (let z = 0; z < S; z++) {
          const c = D[z * S + a]! + accel(pos[f - 2]![z]!, pos[f - 1]![a]!, pos[f]![b]!, dt(f - 2), dt(f - 1));
          if (c < next[nb]!) [next[nb], bk[nb]] = [c, z];
        }
        next[nb] = next[nb]! + un[f]![b]!;
      }
    }
    back.push(bk);
    D = next;
  }
  const best = argmin(D);
  out[n - 1] = best % S;
  out[n - 2] = Math.floor(best / S);
  for (let f = n - 1; f >= 2; f--) {
    const z = back[f - 2]![out[f - 1]! * S + out[f]!]!;
    out[f - 2] = z;
  }
  return { path: out, cost: D[best]! };
}

function argmin(v: Float64Array): number {
  let k = 0;
  for (let i = 1; i < v.length; i++) if (v[i]! < v[k]!) k = i;
  return k;
}

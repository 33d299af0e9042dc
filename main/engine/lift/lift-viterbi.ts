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

/** Σ over joints of |acceleration| of the joints at offsets a, b, c of `p` (n values each, [x, y, z, …]), m/s². */
function accel(p: Float64Array, a: number, b: number, c: number, n: number, dt1: number, dt2: number): number {
  let sum = 0;
  const h = (dt1 + dt2) / 2;
  for (let i = 0; i < n; i += 3) {
    let sq = 0;
    for (let d = 0; d < 3; d++) {
      const acc = ((p[c + i + d]! - p[b + i + d]!) / dt2 - (p[b + i + d]! - p[a + i + d]!) / dt1) / h;
      sq += acc * acc;
    }
    sum += Math.sqrt(sq);
  }
  return sum;
}

function fromRest(p: Float64Array, a: number, b: number, n: number, dt: number): number {
  let sum = 0;
  for (let i = 0; i < n; i += 3) sum += Math.hypot(p[b + i]! - p[a + i]!, p[b + i + 1]! - p[a + i + 1]!, p[b + i + 2]! - p[a + i + 2]!);
  return sum / (dt * dt);
}

/** Result of {@link viterbiSigns}: chosen state per frame and the sequence's total cost (m/s²). */
export interface ViterbiResult {
  path: Int32Array;
  cost: number;
}

/**
 * Minimum-cost hypothesis per frame (see the module comment) and its cost. O(frames · states³)
 * time, frames · states² bytes of back pointers (states ≤ 256) plus three frames' positions;
 * meant for states ≤ 8. Calls `p.positions(f, s)` for s = 0…states−1, then `p.unary(f, s)` for
 * the same s, frame after frame in frame order, once each.
 * @throws RangeError when frames or states is < 1.
 */
export function viterbiSigns(p: ViterbiProblem): ViterbiResult {
  const { frames: n, states: S } = p;
  if (n < 1 || S < 1) throw new RangeError(`viterbiSigns needs ≥ 1 frame and state, got ${n} frames, ${S} states`);
  // Decided: the hypotheses' positions and priors are asked for frame by frame as the forward
  // pass reaches them (positions(f, 0…S−1), then unary(f, 0…S−1)) and only the last three
  // frames' are kept, in one ring of typed arrays: frame f's cost needs frames f−2…f. Holding
  // them for the whole run (one Float64Array per frame and state) cost ≈ 7 KB a frame of a run,
  // and a player in view for an hour is one run (issue 29). Same arithmetic, same result.
  const first = p.positions(0, 0);
  const J = first.length;
  const pos = new Float64Array(3 * S * J);
  const un = new Float64Array(3 * S);
  const at = (f: number, s: number) => ((f % 3) * S + s) * J;
  const load = (f: number) => {
    for (let s = 0; s < S; s++) pos.set(f === 0 && s === 0 ? first : p.positions(f, s), at(f, s));
    for (let s = 0; s < S; s++) un[(f % 3) * S + s] = p.unary(f, s);
  };
  const unary = (f: number, s: number) => un[(f % 3) * S + s]!;
  const out = new Int32Array(n);
  load(0);
  if (n === 1) {
    out[0] = argmin(un.subarray(0, S));
    return { path: out, cost: unary(0, out[0]) };
  }
  load(1);
  const dt = (f: number) => Math.max(1e-3, Number(p.t[f + 1]) - Number(p.t[f]));
  // D[a * S + b]: best cost of a sequence ending (s_{f−1} = a, s_f = b); back[(f − 2) · S² + a * S + b] = s_{f−2}.
  let D = new Float64Array(S * S);
  for (let a = 0; a < S; a++) for (let b = 0; b < S; b++) D[a * S + b] = unary(0, a) + unary(1, b) + fromRest(pos, at(0, a), at(1, b), J, dt(0));
  const back = S <= 256 ? new Uint8Array(Math.max(0, n - 2) * S * S) : new Int32Array(Math.max(0, n - 2) * S * S);
  let next = new Float64Array(S * S);
  for (let f = 2; f < n; f++) {
    load(f);
    next.fill(Infinity);
    const bo = (f - 2) * S * S;
    for (let a = 0; a < S; a++) {
      for (let b = 0; b < S; b++) {
        const nb = a * S + b;
        for (let z = 0; z < S; z++) {
          const c = D[z * S + a]! + accel(pos, at(f - 2, z), at(f - 1, a), at(f, b), J, dt(f - 2), dt(f - 1));
          if (c < next[nb]!) [next[nb], back[bo + nb]] = [c, z];
        }
        next[nb] = next[nb]! + unary(f, b);
      }
    }
    [D, next] = [next, D];
  }
  const best = argmin(D);
  out[n - 1] = best % S;
  out[n - 2] = Math.floor(best / S);
  for (let f = n - 1; f >= 2; f--) out[f - 2] = back[(f - 2) * S * S + out[f - 1]! * S + out[f]!]!;
  return { path: out, cost: D[best]! };
}

function argmin(v: Float64Array): number {
  let k = 0;
  for (let i = 1; i < v.length; i++) if (v[i]! < v[k]!) k = i;
  return k;
}

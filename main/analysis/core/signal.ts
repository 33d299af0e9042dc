/**
 * One-dimensional signal tools for pose time series: gap filling, Savitzky–Golay smoothing,
 * central differences on real timestamps, angle unwrapping and sub-frame peak location.
 * Every series is a Float64Array aligned with the pose frames; NaN marks a missing sample.
 */

/**
 * Fills NaN runs by linear interpolation between the nearest finite samples when the run is at
 * most `maxGap` samples long; runs at the start or end are held at the nearest finite value
 * when at most `maxGap` long. Longer runs stay NaN (never invented).
 * @returns a new array and the [first, last] index pairs of the runs that stayed NaN.
 */
export function fillGaps(x: ArrayLike<number>, maxGap: number): { filled: Float64Array; unfilled: [number, number][] } {
  const n = x.length;
  const filled = Float64Array.from(x);
  const unfilled: [number, number][] = [];
  let i = 0;
  while (i < n) {
    if (Number.isFinite(filled[i])) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && !Number.isFinite(filled[j])) j++;
    const len = j - i;
    const before = i > 0 ? filled[i - 1]! : NaN;
    const after = j < n ? filled[j]! : NaN;
    if (len > maxGap || (!Number.isFinite(before) && !Number.isFinite(after))) {
      unfilled.push([i, j - 1]);
    } else {
      for (let k = i; k < j; k++) {
        if (!Number.isFinite(before)) filled[k] = after;
        else if (!Number.isFinite(after)) filled[k] = before;
        else filled[k] = before + ((after - before) * (k - i + 1)) / (len + 1);
      }
    }
    i = j;
  }
  return { filled, unfilled };
}

/**
 * Savitzky–Golay smoothing with a quadratic fitted over `window` samples (odd, ≥ 3). The
 * convolution weights are the closed-form quadratic/cubic SG smoothing coefficients
 * (Savitzky & Golay, Anal. Chem. 36:1627, 1964): w_k = (3m² + 3m − 1 − 5k²)·3 / ((2m−1)(2m+1)(2m+3)),
 * m = half window. Near the ends and next to NaN the window shrinks symmetrically, so a sample
 * is only averaged with finite neighbours; NaN samples stay NaN. Assumes near-uniform sampling.
 */
export function savitzkyGolay(x: ArrayLike<number>, window: number): Float64Array {
  const n = x.length;
  const out = new Float64Array(n).fill(NaN);
  const maxHalf = Math.max(1, Math.floor(window / 2));
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    if (!Number.isFinite(xi)) continue;
    let m = Math.min(maxHalf, i, n - 1 - i);
    while (m > 0 && !finiteSpan(x, i - m, i + m)) m--;
    if (m < 2) {
      out[i] = m === 1 ? (x[i - 1]! + xi + x[i + 1]!) / 3 : xi;
      continue;
    }
    const norm = (2 * m - 1) * (2 * m + 1) * (2 * m + 3);
    let acc = 0;
    for (let k = -m; k <= m; k++) acc += ((3 * (3 * m * m + 3 * m - 1 - 5 * k * k)) / norm) * x[i + k]!;
    out[i] = acc;
  }
  return out;
}

function finiteSpan(x: ArrayLike<number>, a: number, b: number): boolean {
  for (let k = a; k <= b; k++) if (!Number.isFinite(x[k])) return false;
  return true;
}

/**
 * Odd Savitzky–Golay window for a frame rate: about 1/6 s (5 samples at 30 fps, 11 at 60 fps),
 * never below 5. 1/6 s keeps a tennis forward swing (≈ 0.15–0.25 s of acceleration, Elliott
 * 2006) while removing the frame-to-frame jitter of monocular pose estimates.
 */
export function smoothingWindow(fps: number): number {
  const w = Math.max(5, Math.round(fps / 6));
  return w % 2 === 0 ? w + 1 : w;
}

/**
 * Time derivative by central differences on the real timestamps (seconds):
 * d[i] = (x[i+1] − x[i−1]) / (t[i+1] − t[i−1]); one-sided differences at the ends and next to
 * NaN samples. Units: units of x per second.
 */
export function centralDiff(x: ArrayLike<number>, t: ArrayLike<number>): Float64Array {
  const n = x.length;
  const d = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    const lo = i > 0 && Number.isFinite(x[i - 1]) ? i - 1 : i;
    const hi = i < n - 1 && Number.isFinite(x[i + 1]) ? i + 1 : i;
    if (lo === hi || !Number.isFinite(x[lo]) || !Number.isFinite(x[hi])) continue;
    const dt = t[hi]! - t[lo]!;
    if (dt > 0) d[i] = (x[hi]! - x[lo]!) / dt;
  }
  return d;
}

/** Removes 2π jumps from a series of angles in radians (NaN samples are skipped over). */
export function unwrap(a: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(a);
  let prev = NaN;
  let offset = 0;
  for (let i = 0; i < out.length; i++) {
    const v = out[i]!;
    if (!Number.isFinite(v)) continue;
    if (Number.isFinite(prev)) {
      let d = v + offset - prev;
      while (d > Math.PI) {
        offset -= 2 * Math.PI;
        d -= 2 * Math.PI;
      }
      while (d < -Math.PI) {
        offset += 2 * Math.PI;
        d += 2 * Math.PI;
      }
    }
    out[i] = v + offset;
    prev = out[i]!;
  }
  return out;
}

/** Index of the largest finite value in [from, to] (clamped), or -1 when there is none. */
export function argmax(x: ArrayLike<number>, from = 0, to = x.length - 1): number {
  let best = -1;
  for (let i = Math.max(0, from); i <= Math.min(x.length - 1, to); i++) {
    if (Number.isFinite(x[i]) && (best < 0 || x[i]! > x[best]!)) best = i;
  }
  return best;
}

/**
 * Sub-sample time of a peak at index i: vertex of the parabola through (i−1, i, i+1), mapped
 * through the timestamps. Falls back to t[i] at the ends or on a flat top. Seconds.
 */
export function peakTime(x: ArrayLike<number>, t: ArrayLike<number>, i: number): number {
  const a = x[i - 1];
  const b = x[i];
  const c = x[i + 1];
  if (a === undefined || b === undefined || c === undefined || ![a, b, c].every(Number.isFinite)) return t[i]!;
  const den = a - 2 * b + c;
  if (den >= 0) return t[i]!;
  const off = Math.max(-0.5, Math.min(0.5, (0.5 * (a - c)) / den));
  const tn = off >= 0 ? t[i + 1]! : t[i - 1]!;
  return t[i]! + Math.abs(off) * (tn - t[i]!);
}

/**
 * Time of the vertex of the least-squares parabola v = a·t² + b·t + c through the finite samples
 * [from, to] (times in seconds, centred on their mean for conditioning), or NaN when there are
 * fewer than 5 finite samples, the parabola opens upward or is flat (a ≥ 0), or the vertex lies
 * outside [t[from], t[to]]. Seconds. A fit over a whole plateau is steadier under sample noise
 * than its highest sample or its centre above a threshold (contact-candidates.ts).
 */
export function parabolaVertex(t: ArrayLike<number>, v: ArrayLike<number>, from: number, to: number): number {
  const f = fitParabola(t, v, from, to, 5);
  if (!f || !(f.a < 0)) return NaN;
  const vertex = f.tm - f.b / (2 * f.a);
  return vertex >= t[from]! && vertex <= t[to]! ? vertex : NaN;
}

/**
 * Least-squares parabola v ≈ a·x² + b·x + c through the finite samples [from, to], x = t − tm
 * (tm: their mean time, for conditioning); null with fewer than `minN` finite samples or a
 * singular system. Units: those of t and v (a in v per t², b in v per t).
 */
export function fitParabola(t: ArrayLike<number>, v: ArrayLike<number>, from: number, to: number, minN = 3): { a: number; b: number; c: number; tm: number } | null {
  let [n, tm] = [0, 0];
  for (let i = from; i <= to; i++) if (Number.isFinite(v[i])) [n, tm] = [n + 1, tm + t[i]!];
  if (n < minN) return null;
  tm /= n;
  // Normal equations of the fit: sums of x^k (k = 0..4) and of x^k·y (k = 0..2), x = t − tm.
  const sx = [0, 0, 0, 0, 0];
  const sy = [0, 0, 0];
  for (let i = from; i <= to; i++) {
    if (!Number.isFinite(v[i])) continue;
    const x = t[i]! - tm;
    for (let k = 0; k < 5; k++) sx[k]! += x ** k;
    for (let k = 0; k < 3; k++) sy[k]! += x ** k * v[i]!;
  }
  const m = [
    [sx[4]!, sx[3]!, sx[2]!],
    [sx[3]!, sx[2]!, sx[1]!],
    [sx[2]!, sx[1]!, sx[0]!],
  ];
  const d = det3(m);
  if (!(Math.abs(d) > 0)) return null;
  const withColumn = (c: number) => det3(m.map((row, r) => row.map((x, k) => (k === c ? sy[2 - r]! : x))));
  return { a: withColumn(0) / d, b: withColumn(1) / d, c: withColumn(2) / d, tm };
}

function det3(m: number[][]): number {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [[number, number, number], [number, number, number], [number, number, number]];
  return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
}

/** Median of the finite values, NaN when there is none. */
export function median(values: Iterable<number>): number {
  const v = [...values].filter(Number.isFinite).sort((p, q) => p - q);
  if (v.length === 0) return NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * Hampel outlier filter (Hampel 1974; Pearson 2002, "Outliers in process modeling and
 * identification", IEEE TCST 10:55): a sample further than `nSigma` · 1.4826 · MAD from the
 * median of its ±`half` neighbours, and further than `floor` in absolute terms, is a spike
 * (e.g. a detector swapping left and right wrist for a frame) and becomes NaN, to be bridged
 * by {@link fillGaps}. Returns a new array and the number of samples removed.
 */
export function hampel(x: ArrayLike<number>, half: number, nSigma: number, floor: number): { out: Float64Array; removed: number } {
  const out = Float64Array.from(x);
  let removed = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    if (!Number.isFinite(xi)) continue;
    const win: number[] = [];
    for (let k = Math.max(0, i - half); k <= Math.min(x.length - 1, i + half); k++) if (Number.isFinite(x[k])) win.push(x[k]!);
    if (win.length < 3) continue;
    const med = median(win);
    const mad = median(win.map((v) => Math.abs(v - med)));
    const dev = Math.abs(xi - med);
    if (dev > floor && dev > nSigma * 1.4826 * mad) {
      out[i] = NaN;
      removed++;
    }
  }
  return { out, removed };
}

/**
 * Ball contact of a serve or overhead: the hitting wrist's highest point in the picture near the
 * hand-speed peak. A serve is struck at the top of the reach, the hitting arm extended up to the
 * ball (Kovacs & Ellenbecker 2011, "An 8-stage model for evaluating the tennis serve", Sports
 * Health 3:504, stage 6 "contact"), so the wrist is at its highest then, while the 3D hand speed that times
 * a groundstroke's contact (contact-candidates.ts) peaks a few frames before or after it in the
 * lifted pose.
 *
 * Measured on the labelled overhead strokes the engine's pose covers (5 in 5 clips: 4 serves and a
 * pickleball overhead; eval 2026-11-27, by-eye labels of ../shared/media/labels): the wrist's top
 * lies 0–1 frames from the label on 4 of them (the hand-speed contact 0–4 frames), 5 frames on
 * the slowed stock serve (label ±4; the hand-speed contact 11). Whether the product uses it is a data-chosen constant
 * (DetectionParams.serveTopSearchS, fitted leave-one-clip-out by test/eval/params-fit.ts).
 */
import { J } from '../../pose/h36m.js';
import { joint2, peakTime, type PosePair } from '../core/index.js';

/**
 * The sample of the hitting wrist's highest measured 2D position (smallest y, picture y down)
 * within ± `halfS` seconds of sample `i` on the clock `t` (analysis seconds), with its sub-sample
 * time (vertex of the parabola through the top and its two neighbours when both are measured).
 * Null when `halfS` ≤ 0, fewer than 3 samples have the wrist measured, or the top lies on the
 * window's first or last measured sample (the hand still rising or falling there: no top seen).
 */
export function wristTop(
  pair: PosePair,
  t: ArrayLike<number>,
  hand: 'left' | 'right',
  i: number,
  halfS: number,
): { index: number; tExact: number } | null {
  if (!(halfS > 0)) return null;
  const wrist = hand === 'right' ? J.rightWrist : J.leftWrist;
  const ys: { f: number; y: number }[] = [];
  for (let f = i; f >= 0 && t[i]! - t[f]! <= halfS + 1e-9; f--) push(f);
  ys.reverse();
  for (let f = i + 1; f < t.length && t[f]! - t[i]! <= halfS + 1e-9; f++) push(f);
  if (ys.length < 3) return null;
  let top = 0;
  for (let n = 1; n < ys.length; n++) if (ys[n]!.y < ys[top]!.y) top = n;
  if (top === 0 || top === ys.length - 1) return null;
  const f = ys[top]!.f;
  return { index: f, tExact: vertexTime(pair, t, wrist, f) };

  function push(f: number): void {
    const w = joint2(pair, f, wrist);
    if (w) ys.push({ f, y: w[1] });
  }
}

/** Time of the vertex of the parabola through the wrist's height at f−1, f, f+1 (signal.ts `peakTime` on −y: the top is a peak of height); t[f] when a neighbour is unmeasured. */
function vertexTime(pair: PosePair, t: ArrayLike<number>, wrist: number, f: number): number {
  const y = (g: number) => (g >= 0 && g < t.length ? joint2(pair, g, wrist) : null)?.[1] ?? NaN;
  return peakTime([-y(f - 1), -y(f), -y(f + 1)], [t[f - 1] ?? NaN, t[f]!, t[f + 1] ?? NaN], 1);
}

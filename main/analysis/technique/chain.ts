/**
 * The kinetic chain of one stroke: per-frame pelvis rotation speed, trunk (shoulder-line)
 * rotation speed and hand speed, and the peak of each inside the forward swing.
 *
 * Forward-swing window: from the end of the backswing to {@link AFTER_CONTACT_S} after contact.
 * A proximal-to-distal sequence (Kibler 1995; Landlinger et al. 2010: pelvis peak 75 ms, trunk
 * peak 57 ms before impact in elite forehands) has pelvis peak ≤ trunk peak ≤ hand peak.
 */
import { clipEdgeSamples, type Kinematics } from '../core/index.js';
import type { SwingPhases } from './phases.js';
import { argmax, peakTime } from '../core/index.js';
import { framePeriod } from './phases.js';

/** How far past contact the peaks are searched, seconds (the hand may peak just after contact). */
export const AFTER_CONTACT_S = 0.1;

/**
 * Share of the peak within which another sample of the search ties with it, for the peak time's
 * uncertainty. Measured: the same stroke analysed from three cuts of its clip reads its peak
 * rotation speeds 10–20 % apart (`npm run eval`, cut consistency, 2026-11-23, engine 293540fc),
 * so a sample within 10 % of the peak could have been the peak in another reading of the same
 * swing. The noise of the monocular pose is low-frequency (wiggles over 5–10 samples that a
 * sample-to-sample roughness estimate does not see), hence a share rather than a noise estimate.
 */
export const PEAK_TIE_SHARE = 0.1;

/** One segment of the chain: per-frame speed, its peak index and sub-frame peak time. */
export interface ChainSegment {
  values: Float64Array;
  peakIndex: number;
  peakTime: number;
  peakValue: number;
  /**
   * Uncertainty of `peakTime`, seconds: the farthest any sample of the search within
   * {@link PEAK_TIE_SHARE} of the peak value lies from `peakTime` (a flat top or a second hump as
   * high is a peak the noise could have picked), and at least half a frame period of the analysis
   * clock (the sampling interval the peak falls in). NaN without a peak.
   */
  peakUncertainty: number;
  unit: 'deg/s' | 'm/s';
  /**
   * Set (peakIndex −1) when the speed was highest on a bound of the search that the clip's
   * start or end had moved inward: the samples within half of Kinematics.smoothHalf of the clip's
   * ends are not searched (their smoothing window is cut to less than half, so their speeds
   * move with where the clip was cut: tennis_forehand_2's 50 % cut put the hip peak on its first
   * frame); a maximum on such a bound may lie outside the clip.
   */
  cutByClip?: 'start' | 'end';
}

/** A gap between two peaks of the chain, seconds, with its uncertainty (root-sum-square of the two peaks'). */
export interface ChainGap {
  gap: number;
  uncertainty: number;
}

/**
 * The proximal-to-distal timing: pelvis → trunk and trunk → hand gaps between peak times, and
 * which of them is the sequence value (the smaller gap: the weakest link of the order).
 */
export function chainTiming(ch: Chain): { pelvisToTrunk: ChainGap; trunkToHand: ChainGap; sequence: ChainGap } {
  const gap = (a: ChainSegment, b: ChainSegment): ChainGap => ({
    gap: b.peakTime - a.peakTime,
    uncertainty: Math.hypot(a.peakUncertainty, b.peakUncertainty),
  });
  const pelvisToTrunk = gap(ch.hip, ch.shoulder);
  const trunkToHand = gap(ch.shoulder, ch.wrist);
  return { pelvisToTrunk, trunkToHand, sequence: pelvisToTrunk.gap <= trunkToHand.gap ? pelvisToTrunk : trunkToHand };
}

/** Pelvis, trunk and hand segments of the chain. */
export interface Chain {
  hip: ChainSegment;
  shoulder: ChainSegment;
  wrist: ChainSegment;
  window: [number, number];
}

/** Forward-swing window [first, last] frame indices. */
export function forwardSwingWindow(k: Kinematics, ph: SwingPhases): [number, number] {
  let last = ph.contact.index;
  while (last + 1 < k.t.length && k.t[last + 1]! <= ph.contact.t + AFTER_CONTACT_S) last++;
  return [Math.min(ph.backswingEnd.index, ph.contact.index), last];
}

/**
 * Builds the chain; a segment with no finite value in the window has peakIndex −1.
 *
 * `values` are speeds (|ω| for hip and shoulder). The hip and shoulder peaks are searched on the
 * rotation rate in the forward-swing direction only — the sign of the trunk's turn from the end
 * of the backswing to contact — so the last of the backswing turn (same speed, opposite
 * direction) cannot pass for the uncoiling peak.
 */
export function computeChain(k: Kinematics, ph: SwingPhases): Chain {
  const window = forwardSwingWindow(k, ph);
  const halfPeriod = framePeriod(k.t) / 2;
  const turn = k.trunkYaw[ph.contact.index]! - k.trunkYaw[ph.backswingEnd.index]!;
  const dir = Number.isFinite(turn) && turn < 0 ? -1 : 1;
  // Peaks are not searched where the smoothing window is cut to less than half by the clip's ends.
  const edge = clipEdgeSamples(k);
  const last = k.t.length - 1 - edge;
  const seg = (values: Float64Array, search: Float64Array, unit: ChainSegment['unit']): ChainSegment => {
    const from = Math.max(window[0], edge);
    const to = Math.min(window[1], last);
    let i = to >= from ? argmax(search, from, to) : -1;
    // A maximum on a bound that the clip's edge moved inward is not a peak: it may lie beyond.
    const cutBy = i < 0 ? null : i === from && from > window[0] ? 'start' : i === to && to < window[1] ? 'end' : null;
    if (cutBy) i = -1;
    return {
      values,
      peakIndex: i,
      peakTime: i >= 0 ? peakTime(search, k.t, i) : NaN,
      peakValue: i >= 0 ? values[i]! : NaN,
      peakUncertainty: i >= 0 ? peakSpread(search, k.t, from, to, i, halfPeriod) : NaN,
      unit,
      ...(cutBy ? { cutByClip: cutBy } : {}),
    };
  };
  const rot = (omega: Float64Array) => seg(omega.map(Math.abs), omega.map((w) => dir * w), 'deg/s');
  return {
    hip: rot(k.pelvisOmega),
    shoulder: rot(k.trunkOmega),
    wrist: seg(k.handSpeed, k.handSpeed, 'm/s'),
    window,
  };
}

/**
 * Uncertainty of the peak at sample i of `search` over [from, to], seconds: the largest
 * |t[j] − peak time| over the samples j with search[j] ≥ search[i] − {@link PEAK_TIE_SHARE} ×
 * |search[i]| (a flat top, or a second hump nearly as high, is a peak the noise could have
 * picked), never below `floor`.
 */
export function peakSpread(search: ArrayLike<number>, t: ArrayLike<number>, from: number, to: number, i: number, floor: number): number {
  const top = peakTime(search, t, i);
  const tie = search[i]! - PEAK_TIE_SHARE * Math.abs(search[i]!);
  let u = floor;
  for (let j = from; j <= to; j++) if (search[j]! >= tie) u = Math.max(u, Math.abs(t[j]! - top));
  return u;
}

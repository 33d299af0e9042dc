/**
 * The kinetic chain of one stroke: per-frame pelvis rotation speed, trunk (shoulder-line)
 * rotation speed and hand speed, and the peak of each inside the forward swing.
 *
 * Forward-swing window: from the end of the backswing to {@link AFTER_CONTACT_S} after contact.
 * A proximal-to-distal sequence (Kibler 1995; Landlinger et al. 2010: pelvis peak 75 ms, trunk
 * peak 57 ms before impact in elite forehands) has pelvis peak ≤ trunk peak ≤ hand peak.
 */
import type { Kinematics } from './kinematics.js';
import type { SwingPhases } from './phases.js';
import { argmax, peakTime } from './signal.js';

/** How far past contact the peaks are searched, seconds (the hand may peak just after contact). */
export const AFTER_CONTACT_S = 0.1;

/** One segment of the chain: per-frame speed, its peak index and sub-frame peak time. */
export interface ChainSegment {
  values: Float64Array;
  peakIndex: number;
  peakTime: number;
  peakValue: number;
  unit: 'deg/s' | 'm/s';
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

/** Builds the chain; a segment with no finite value in the window has peakIndex −1. */
export function computeChain(k: Kinematics, ph: SwingPhases): Chain {
  const window = forwardSwingWindow(k, ph);
  const seg = (values: Float64Array, unit: ChainSegment['unit']): ChainSegment => {
    const i = argmax(values, window[0], window[1]);
    return {
      values,
      peakIndex: i,
      peakTime: i >= 0 ? peakTime(values, k.t, i) : NaN,
      peakValue: i >= 0 ? values[i]! : NaN,
      unit,
    };
  };
  return {
    hip: seg(k.pelvisOmega.map(Math.abs), 'deg/s'),
    shoulder: seg(k.trunkOmega.map(Math.abs), 'deg/s'),
    wrist: seg(k.handSpeed, 'm/s'),
    window,
  };
}

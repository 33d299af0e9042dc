/**
 * What a feature definition is: how to measure it on a swing and how to talk about the value.
 * Definitions live in features-body.ts, features-rotation.ts and features-arm.ts; build.ts
 * turns a measurement into API.md's Feature object.
 */
import type { Sport, SwingType } from '../../contract/technique-schema.js';
import type { Kinematics } from '../core/index.js';
import type { SwingPhases } from './phases.js';
import type { PosePair } from '../core/index.js';
import type { FeatureName } from './references.js';

/** Everything a feature may look at. */
export interface SwingContext {
  p: PosePair;
  k: Kinematics;
  phases: SwingPhases;
  hand: 'left' | 'right';
  sport: Sport;
  swingType: SwingType;
  /** True for pickleball backhand drives and for tennis backhands judged two-handed. */
  twoHanded: boolean;
  /** Player height, metres (from player_height_mm). */
  heightM: number;
}

/**
 * Names of the swing moments features are measured at. `forward_swing` is the frame where a
 * speed peaks between the end of the backswing and just after contact (chain.ts window).
 */
export type EventName = 'ball_contact' | 'backswing_end' | 'follow_through' | 'forward_swing';

/**
 * A measured value at a frame, or why there is none: the joints missing there, or a `reason`
 * the value would not be honest (e.g. a timing finer than the frame rate can resolve).
 * `atContact` is a secondary value at ball contact (peak features); `confidence` (0–1) the lowest
 * pose confidence of the measured joints at the frame.
 */
export type Measurement =
  | { ok: true; value: number; frame: number; event: EventName; atContact?: number; confidence?: number }
  | { ok: false; missing: string[]; reason?: string; frame: number; event: EventName };

/** Unit strings of feature values. */
export type Unit = 'deg' | 'deg/s' | 'm/s' | 'm' | 'ratio' | 's';

/** A feature definition. */
export interface FeatureDef {
  name: FeatureName;
  human: string;
  unit: Unit;
  categories: string[];
  /** H36M joint ids to highlight. */
  joints(c: SwingContext): number[];
  /** Names of H36M_LIMBS to highlight. */
  limbs(c: SwingContext): string[];
  /** Whether the feature is part of this swing (default: always). */
  applies?(c: SwingContext): boolean;
  measure(c: SwingContext): Measurement;
  /** Sentence stating the measured value (already formatted, with unit). */
  says(value: string, raw: number, c: SwingContext): string;
  /** Advice when the value is short of the professional band (`target` = that band, formatted). */
  improve(target: string, c: SwingContext): string;
  /** Advice when the value goes past the professional band (mirror features only). */
  overshoot(target: string, c: SwingContext): string;
  /** Advice when the value is in the professional band. */
  keep(target: string, c: SwingContext): string;
}

/** Formats a value in its unit for text ("23°", "312 °/s", "6.4 m/s", "0.28 m", "18 ms"). */
export function formatValue(v: number, unit: Unit): string {
  switch (unit) {
    case 'deg':
      return `${v.toFixed(0)}°`;
    case 'deg/s':
      return `${v.toFixed(0)} °/s`;
    case 'm/s':
      return `${v.toFixed(1)} m/s`;
    case 'm':
      return `${v.toFixed(2)} m`;
    case 'ratio':
      return `${v.toFixed(2)}× height`;
    case 's':
      return `${(v * 1000).toFixed(0)} ms`;
  }
}

/** Formats a [lo, hi] band in a unit ("30–50°"). */
export function formatBand([lo, hi]: [number, number], unit: Unit): string {
  const a = formatValue(lo, unit);
  const b = formatValue(hi, unit);
  const suffix = /[^\d.\-−]+$/.exec(b)?.[0] ?? '';
  return suffix && a.endsWith(suffix) ? `${a.slice(0, -suffix.length)}–${b}` : `${a}–${b}`;
}

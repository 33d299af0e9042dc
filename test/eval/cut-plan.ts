/**
 * The pure part of the cut-consistency check: where the cuts of a stroke lie, and how much each
 * feature spreads over analyses of the same stroke.
 */
import type { ClipLabels, StrokeLabel } from './labels.js';
import type { FeatureOutcome, StrokeOutcome } from './strokes.js';

/** Length of a cut, video seconds (the app's e2e cut). */
export const CUT_S = 3;
/** Where the labelled contact sits in each cut, share of its length (issue 8). */
export const CUT_POSITIONS = [0.25, 0.5, 0.75] as const;

/** One cut: the first decoded source frame it holds and how many. */
export interface CutSpec {
  position: number;
  firstFrame: number;
  frames: number;
}

/** The cuts of a stroke, clamped to the clip (a cut can be shorter near the clip's ends). */
export function cutSpecs(labels: ClipLabels, label: StrokeLabel): CutSpec[] {
  const n = Math.round(CUT_S * labels.fps);
  return CUT_POSITIONS.map((position) => {
    const first = Math.max(0, label.contact_frame - Math.round(position * n));
    return { position, firstFrame: first, frames: Math.min(n, labels.frames - first) };
  });
}

/** Spread of one feature over the cuts. */
export interface FeatureSpread {
  name: string;
  unit: string;
  /** Value per cut (NaN when the cut left it out), in cut order. */
  values: number[];
  /** max − min over the cuts that have it, in the feature's unit. */
  spread: number;
  /** spread / |median|, share (NaN for deg features, judged in degrees). */
  relative: number;
  /** Issue 8 §5: within 5° (deg features) or 10 % (the rest), and present in every cut. */
  consistent: boolean;
  /**
   * Left out (with its reason) in some cuts and within 5° / 10 % over the ≥ 2 cuts that measure
   * it: the cut lacks what the feature needs (e.g. the end of the backswing), no number differs.
   */
  consistentWhereMeasured: boolean;
  /** Level per cut ('' when the cut left it out), in cut order: what the coach reads. */
  levels: string[];
  /** Present in every cut and scored at the same level in all of them. */
  sameLevel: boolean;
  /** Left out (with its reason) in some cuts and scored at the same level in the ≥ 2 cuts that measure it. */
  sameLevelWhereMeasured: boolean;
}

/** Per-feature spread over a set of analyses of the same stroke. */
export function featureSpread(outcomes: readonly StrokeOutcome[]): FeatureSpread[] {
  const names = [...new Set(outcomes.flatMap((o) => o.features.map((f) => f.name)))];
  return names.map((name) => {
    const fs = outcomes.map((o) => o.features.find((f) => f.name === name));
    const unit = fs.find((f): f is FeatureOutcome => !!f)?.unit ?? '';
    const values = fs.map((f) => f?.value ?? NaN);
    const have = values.filter(Number.isFinite).sort((a, b) => a - b);
    const spread = have.length ? have[have.length - 1]! - have[0]! : NaN;
    const med = have.length ? have[Math.floor(have.length / 2)]! : NaN;
    const relative = unit === 'deg' ? NaN : spread / Math.abs(med);
    const within = unit === 'deg' ? spread <= 5 : relative <= 0.1;
    const partial = have.length >= 2 && have.length < outcomes.length;
    const levels = fs.map((f) => f?.level ?? '');
    const sameLevel = levels.every((l) => l !== '' && l === levels[0]);
    const scored = levels.filter((l) => l !== '');
    const sameLevelWhereMeasured = partial && scored.every((l) => l === scored[0]);
    return { name, unit, values, spread, relative, consistent: have.length === outcomes.length && within, consistentWhereMeasured: partial && within, levels, sameLevel, sameLevelWhereMeasured };
  });
}

/**
 * The spreads over the cuts only, one row per feature of `all` (the cuts followed by reference
 * analyses such as the stroke window and the full clip, whose values are shown alongside): a
 * feature that no cut measures has no spread and does not agree (the references share one pose,
 * so their agreement says nothing about cutting).
 */
export function cutSpreads(cuts: readonly StrokeOutcome[], all: readonly StrokeOutcome[]): FeatureSpread[] {
  const cutsOnly = featureSpread(cuts);
  return featureSpread(all).map((s) => {
    const c = cutsOnly.find((x) => x.name === s.name);
    if (c) return { ...c, values: s.values };
    return { ...s, spread: NaN, relative: NaN, consistent: false, consistentWhereMeasured: false, levels: cuts.map(() => ''), sameLevel: false, sameLevelWhereMeasured: false };
  });
}

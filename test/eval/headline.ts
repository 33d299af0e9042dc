/**
 * Issue 26's headline: the per-clip figures (figures.ts) summed over clips, and the
 * leave-one-clip-out runs of the harness (loco.ts): the product with every analysis constant fixed
 * ({@link locoAsShipped}, left-out = in-sample), a detection floor on the detector's confidence
 * fitted on the other clips (how much a fitted gate over-fits); the headline itself fits the
 * detector's constants per fold (params-loco.ts `locoFitted`, main/analysis/README.md "Constants
 * fitted leave-one-clip-out").
 */
import { leaveOneClipOut, type LocoClip, type LocoResult } from './loco.js';
import { measureClip, SLOWED_FACTOR, type ClipFigures, type GroupedStroke, type HarnessConstants } from './figures.js';
import type { ClipEvents } from './report.js';

/** k of n. */
export type Count = [number, number];

/** One stroke type that has scored strokes of both known groups. */
export interface TypeOrder {
  type: string;
  pro: number[];
  amateur: number[];
  /** Every amateur stroke's mean score below every professional stroke's. */
  ordered: boolean;
}

/** The overall figures. */
export interface Headline {
  clipsInError: Count;
  contact: Count;
  precision: Count;
  recall: Count;
  side: Count;
  matchedContact: Count;
  /** Professional strokes' features scored advanced or professional. */
  proHigh: Count;
  types: TypeOrder[];
  slowedGuessOk: Count;
  realTimeNoGuess: Count;
}

const sum = (fs: readonly ClipFigures[], f: (x: ClipFigures) => number) => fs.reduce((a, x) => a + f(x), 0);

/** Stroke types with scored strokes of both professionals and amateurs (`unknown` never counts). */
export function typeOrders(strokes: readonly GroupedStroke[]): TypeOrder[] {
  const scored = strokes.filter((s) => s.meanScore !== null && s.group !== 'unknown');
  const types = [...new Set(scored.map((s) => s.type))].sort();
  return types.flatMap((type) => {
    const of = (g: string) => scored.filter((s) => s.type === type && s.group === g).map((s) => s.meanScore!);
    const [pro, amateur] = [of('pro'), of('amateur')];
    if (!pro.length || !amateur.length) return [];
    return [{ type, pro, amateur, ordered: Math.max(...amateur) < Math.min(...pro) }];
  });
}

/** Sums per-clip figures into the headline. */
export function aggregateFigures(fs: readonly ClipFigures[]): Headline {
  const strokes = fs.flatMap((f) => f.strokes);
  const pros = strokes.filter((s) => s.group === 'pro');
  const types = typeOrders(strokes);
  const slowed = fs.filter((f) => f.labelledFactor >= SLOWED_FACTOR);
  const real = fs.filter((f) => f.labelledFactor < SLOWED_FACTOR);
  return {
    clipsInError: [fs.filter((f) => f.error !== null).length, fs.length],
    contact: [sum(fs, (f) => f.contactOk), sum(fs, (f) => f.labelled)],
    precision: [sum(fs, (f) => f.matched), sum(fs, (f) => f.detected)],
    recall: [sum(fs, (f) => f.matched), sum(fs, (f) => f.labelled)],
    side: [sum(fs, (f) => f.sideOk), sum(fs, (f) => f.matched)],
    matchedContact: [sum(fs, (f) => f.matchedContactOk), sum(fs, (f) => f.matched)],
    proHigh: [pros.reduce((a, s) => a + s.high, 0), pros.reduce((a, s) => a + s.features, 0)],
    types,
    slowedGuessOk: [slowed.filter((f) => f.guessOk).length, slowed.length],
    realTimeNoGuess: [real.filter((f) => f.guessOk).length, real.length],
  };
}

/** The product's figures: nothing fitted by the harness (floor 0), the analysis's constants as shipped. */
export function locoAsShipped(clips: readonly ClipEvents[]): LocoResult<HarnessConstants, ClipFigures, Headline> {
  return leaveOneClipOut(named(clips), { fit: () => ({ detectionFloor: 0 }), measure: (c, x) => measureClip(c, x.data), aggregate: aggregateFigures });
}

/**
 * Detection floor chosen on training clips: of 0 and every detection confidence there, the one
 * with the highest F1 = 2·matched / (detected + labelled) summed over them (ties: the lowest floor,
 * which drops least).
 */
export function fitDetectionFloor(train: readonly LocoClip<ClipEvents>[]): HarnessConstants {
  const floors = [0, ...new Set(train.flatMap((c) => c.data.detectors.flatMap((d) => d.confidences)))].sort((a, b) => a - b);
  let best = { detectionFloor: 0, f1: -1 };
  for (const floor of floors) {
    const fs = train.map((c) => measureClip({ detectionFloor: floor }, c.data));
    const [m, d, l] = [sum(fs, (f) => f.matched), sum(fs, (f) => f.detected), sum(fs, (f) => f.labelled)];
    const f1 = d + l ? (2 * m) / (d + l) : 0;
    if (f1 > best.f1 + 1e-12) best = { detectionFloor: floor, f1 };
  }
  return { detectionFloor: best.detectionFloor };
}

/** The detector with a confidence floor fitted leave-one-clip-out ({@link fitDetectionFloor}). */
export function locoDetectionFloor(clips: readonly ClipEvents[]): LocoResult<HarnessConstants, ClipFigures, Headline> {
  return leaveOneClipOut(named(clips), { fit: fitDetectionFloor, measure: (c, x) => measureClip(c, x.data), aggregate: aggregateFigures });
}

function named(clips: readonly ClipEvents[]): LocoClip<ClipEvents>[] {
  return clips.map((c) => ({ clip: c.clip, data: c }));
}

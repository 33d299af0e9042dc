/**
 * Issue 26's figures per clip and overall, from one clip's harness outcome (report.ts
 * ClipEvents): clips that end in an error although a labelled stroke exists, contact within ±2
 * frames of the analysed player's labelled strokes, stroke detection precision / recall / side,
 * the known groups per stroke type, and the slow-motion guess per clip. `measureClip` takes the
 * harness's own fitted constant (the detection floor, fitted in headline.ts; the detector's
 * constants are fitted by params-loco.ts, which recomputes the ClipEvents per grid point), so
 * that loco.ts can measure each clip with constants chosen without it.
 */
import type { PlayerGroup } from './clips.js';
import type { ClipEvents } from './report.js';
import type { DetectorOutcome } from './strokes.js';

/** The stroke detector whose strokes are matched to the labels (strokes.ts scoreDetectors). */
export const DETECTOR = 'strokes (clip-strokes.ts)';

/** Contact error that counts as right, video frames (issue 8's and 26's target). */
export const CONTACT_FRAMES = 2;

/** A slowed clip: labelled factor ≥ this (video s per real s); its guess must be within {@link GUESS_RATIO} of the label. */
export const SLOWED_FACTOR = 2;
/** Largest ratio between the guessed and the labelled factor that counts as right (issue 26 §5). */
export const GUESS_RATIO = 1.5;

/** The constants the harness itself fits (loco.ts fits them leave-one-clip-out). */
export interface HarnessConstants {
  /** Detections below this detector confidence (0–1) are not counted (0: all counted, the product). */
  detectionFloor: number;
}

/** One scored stroke of the known-groups test. */
export interface GroupedStroke {
  stroke: string;
  type: string;
  group: PlayerGroup;
  /** Mean feature score 0–100; null when no feature was scored (a serve, a failed analysis). */
  meanScore: number | null;
  /** Features scored advanced or professional, and all scored. */
  high: number;
  features: number;
}

/** Issue 26's figures of one clip. */
export interface ClipFigures {
  clip: string;
  /** The coach's whole-clip run ends in an error (every clip here has a labelled stroke); its text. */
  error: string | null;
  /** Analysed player's labelled strokes; their stroke-window contacts within ±2 frames. */
  labelled: number;
  contactOk: number;
  /** Detector: detections counted (at or above the floor), matched to a label, side right, contact within ±2. */
  detected: number;
  matched: number;
  sideOk: number;
  matchedContactOk: number;
  /** Labelled factor (video s per real s) and the guess of the run without a capture rate (null: none). */
  labelledFactor: number;
  guessedFactor: number | null;
  guessOk: boolean;
  strokes: GroupedStroke[];
}

/** Slowed clip: a guess within 1.5× of the label; real-time clip: no guess. */
export function guessRight(labelledFactor: number, guessed: number | null): boolean {
  if (labelledFactor < SLOWED_FACTOR) return guessed === null;
  return guessed !== null && Math.abs(Math.log(guessed / labelledFactor)) <= Math.log(GUESS_RATIO) + 1e-12;
}

/** The detector's outcome with detections below `floor` dropped (matches re-indexed onto the kept ones). */
function floored(d: DetectorOutcome, floor: number) {
  const keep = d.detectedFrames.map((_, i) => i).filter((i) => (d.confidences[i] ?? 1) >= floor);
  const matches = d.match.matches.filter((m) => keep.includes(m.detected));
  const sides = d.match.matches.map((m, j) => [m, d.sides[j]!] as const).filter(([m]) => keep.includes(m.detected));
  return { detected: keep.length, matches, sides: sides.map(([, s]) => s) };
}

/**
 * The figures of one clip with the harness constants `c`. The matching is the detector's own
 * (closest first, all detections); a floor drops detections after it, so a dropped detection's
 * label stays missed rather than going to a farther detection.
 */
export function measureClip(c: HarnessConstants, e: ClipEvents): ClipFigures {
  const det = e.detectors.find((d) => d.name === DETECTOR);
  const f = det ? floored(det, c.detectionFloor) : { detected: 0, matches: [], sides: [] };
  const labelledFactor = 1 / e.slowMotionFactor;
  const guessedFactor = e.guessRun.guessedFactor;
  return {
    clip: e.clip,
    error: e.coach.error,
    labelled: e.strokes.length,
    contactOk: e.strokes.filter((s) => s.errorFrames !== null && Math.abs(s.errorFrames) <= CONTACT_FRAMES).length,
    detected: f.detected,
    matched: f.matches.length,
    sideOk: f.sides.filter(([a, b]) => a && a === b).length,
    matchedContactOk: f.matches.filter((m) => Math.abs(m.errorFrames) <= CONTACT_FRAMES).length,
    labelledFactor,
    guessedFactor,
    guessOk: guessRight(labelledFactor, guessedFactor),
    strokes: e.strokes.map((s) => ({
      stroke: `${e.clip.replace(/\.mp4$/, '')}#${s.label.contact_frame}`,
      type: s.type,
      group: s.group,
      meanScore: s.features.length ? s.features.reduce((a, x) => a + x.score, 0) / s.features.length : null,
      high: s.features.filter((x) => x.level === 'advanced' || x.level === 'professional').length,
      features: s.features.length,
    })),
  };
}

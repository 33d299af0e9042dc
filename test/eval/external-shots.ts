/**
 * An external check of the stroke detector on clips it was never tuned on, annotated by someone
 * else as a shot list: one `Shot,FrameId` CSV per video (shot = forehand, backhand or serve; the
 * frame where the annotator pressed a key while the video played), the format of
 * Parkvr/pickleball-shot-classifier @ 955d008 (`annotations/annotation_N.csv` for `videos/N.mp4`;
 * main/analysis/README.md "An external check"). Key-press frames are not contact labels (up to
 * ±10 frames off), so detections are counted at several match windows. Pure functions here; the
 * runner is external-shots-run.ts.
 */
import { matchStrokes } from './match-strokes.js';
import { mdTable, pct, ratio } from './table.js';

/** One annotated shot: its kind as written and the video frame. */
export interface AnnotatedShot {
  shot: string;
  frame: number;
}

/**
 * The shots of one `Shot,FrameId` CSV, in file order.
 * @throws Error when the header is not `Shot,FrameId` or a row has no integer frame.
 */
export function parseShotCsv(text: string): AnnotatedShot[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0]?.trim() !== 'Shot,FrameId') throw new Error(`not a Shot,FrameId shot list (first line: ${JSON.stringify(lines[0] ?? '')})`);
  return lines.slice(1).map((l, i) => {
    const [shot, f] = l.split(',');
    const frame = /^\s*\d+\s*$/.test(f ?? '') ? Number(f) : NaN;
    if (!shot || !Number.isInteger(frame)) throw new Error(`row ${i + 2} of the shot list has no frame: ${JSON.stringify(l)}`);
    return { shot: shot.trim().toLowerCase(), frame };
  });
}

/** The detector's strokes of one clip: contact frame and side (strokes.ts `StrokeSide`). */
export interface DetectedShot {
  frame: number;
  side: string;
}

/** Counts at one match window over all clips: matched, detected, annotated; sides of the matched non-serve shots right / compared. */
export interface ShotCounts {
  windowS: number;
  matched: number;
  detected: number;
  annotated: number;
  sideRight: number;
  sideCompared: number;
}

/**
 * Matches each clip's detections to its shots within `windowS` (match-strokes.ts, one to one,
 * closest first; real time = video time: the clips are taken as real time) and sums the counts.
 * A matched shot annotated forehand or backhand compares its side; a serve does not (a pickleball
 * serve is underhand, a forehand to the detector).
 */
export function countShots(clips: readonly { fps: number; shots: readonly AnnotatedShot[]; detected: readonly DetectedShot[] }[], windowS: number): ShotCounts {
  const c: ShotCounts = { windowS, matched: 0, detected: 0, annotated: 0, sideRight: 0, sideCompared: 0 };
  for (const clip of clips) {
    const m = matchStrokes(clip.detected.map((d) => d.frame), clip.shots.map((s) => s.frame), clip.fps, 1, windowS);
    c.matched += m.matches.length;
    c.detected += clip.detected.length;
    c.annotated += clip.shots.length;
    for (const x of m.matches) {
      const want = clip.shots[x.label]!.shot;
      if (want !== 'forehand' && want !== 'backhand') continue;
      c.sideCompared++;
      if (clip.detected[x.detected]!.side === want) c.sideRight++;
    }
  }
  return c;
}

/** The report's table: one row per match window (precision, recall, side of the matched forehands and backhands). */
export function renderShotCounts(rows: readonly ShotCounts[]): string {
  return mdTable(
    ['match within', 'precision', 'recall', 'side of the matched forehands and backhands'],
    rows.map((r) => [
      `${r.windowS} s`,
      `${ratio(r.matched, r.detected)} (${pct(r.matched / r.detected)})`,
      `${ratio(r.matched, r.annotated)} (${pct(r.matched / r.annotated)})`,
      `${ratio(r.sideRight, r.sideCompared)} (${pct(r.sideRight / r.sideCompared)})`,
    ]),
  );
}

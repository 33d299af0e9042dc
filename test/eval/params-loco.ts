/**
 * The harness's side of params-fit.ts: each clip's outcome (report.ts ClipEvents) recomputed on
 * its cached pose for a grid point of the detector's constants (strokes.ts stroke windows and
 * detector, coach-run.ts whole-clip run), cached per clip and point, and the leave-one-clip-out
 * figures (figures.ts, headline.ts) with the fitted constants. A clip the engine refused has no
 * pose: its outcome is the same for every point.
 */
import type { DetectionParams } from '../../main/analysis/strokes/detection-params.js';
import { clipSetup } from './clips.js';
import { coachRun, type CoachRun } from './coach-run.js';
import { DETECTOR, measureClip, type ClipFigures } from './figures.js';
import { aggregateFigures, type Headline } from './headline.js';
import type { StrokeLabels } from './labels.js';
import type { LocoClip, LocoResult } from './loco.js';
import { locoParams, paramGrid, paramKey, type FitCounts } from './params-fit.js';
import type { CachedPose } from './pose-cache.js';
import type { ClipEvents } from './report.js';
import { analyseLabelledStrokes, analysedLabels, scoreDetectors, type DetectorOutcome, type StrokeOutcome } from './strokes.js';

/** One clip with what a grid point needs, and its caches. */
export interface ParamClip {
  events: ClipEvents;
  pose: CachedPose | undefined;
  labels: StrokeLabels[string];
  parts: Map<string, { strokes: StrokeOutcome[]; detector: DetectorOutcome | undefined }>;
  coach: Map<string, CoachRun>;
}

const NO_COACH: CoachRun = { swingType: 'forehand_drive', captureFps: null, contactFrame: null, strokes: [], guessedFactor: null, error: null };

/** The part of `p` that can change clip `c`'s outcome: the speed floor of the clip's sport only (the cache's key). */
function keyFor(c: ParamClip, p: DetectionParams): string {
  const sport = clipSetup(c.events.clip).sport;
  return paramKey({ ...p, minPeakHandSpeed: { tennis: 0, pickleball: 0, none: 0, [sport]: p.minPeakHandSpeed[sport] } });
}

/** The stroke windows and the detector of clip `c` with params `p` (cached). */
function partsAt(c: ParamClip, p: DetectionParams) {
  const key = keyFor(c, p);
  let v = c.parts.get(key);
  if (!v) {
    if (!c.pose) v = { strokes: c.events.strokes, detector: c.events.detectors.find((d) => d.name === DETECTOR) };
    else {
      const setup = clipSetup(c.events.clip);
      v = {
        strokes: analyseLabelledStrokes(c.events.clip, c.labels, setup, c.pose, p),
        detector: scoreDetectors(c.labels, setup, c.pose, NO_COACH, p).find((d) => d.name === DETECTOR),
      };
    }
    c.parts.set(key, v);
  }
  return v;
}

/** The clip's whole outcome with params `p` (the coach's run recomputed, cached; the slow-motion guess run as shipped). */
export function eventsAt(c: ParamClip, p: DetectionParams): ClipEvents {
  if (!c.pose) return c.events;
  const key = keyFor(c, p);
  let coach = c.coach.get(key);
  if (!coach) {
    const setup = clipSetup(c.events.clip);
    coach = coachRun(c.events.clip, c.labels, setup, analysedLabels(c.labels, setup)[0], c.pose, true, p);
    c.coach.set(key, coach);
  }
  const { strokes, detector } = partsAt(c, p);
  const detectors = [c.events.detectors.find((d) => d.name !== DETECTOR)!, ...(detector ? [detector] : [])].filter(Boolean);
  return { ...c.events, strokes, detectors, coach };
}

/** The fit's counts of a clip under params `p` (figures.ts `measureClip` on the windows and the detector, floor 0). */
export function countsAt(c: ParamClip, p: DetectionParams): FitCounts {
  const { strokes, detector } = partsAt(c, p);
  const f = measureClip({ detectionFloor: 0 }, { ...c.events, strokes, detectors: detector ? [detector] : [] });
  return { detected: f.detected, matched: f.matched, labelled: f.labelled, contactOk: f.contactOk };
}

/** The clips of the harness with their poses and labels, caches empty. */
export function paramClips(out: readonly ClipEvents[], poses: ReadonlyMap<string, CachedPose>, labels: StrokeLabels): LocoClip<ParamClip>[] {
  return out.map((events) => ({
    clip: events.clip,
    data: { events, pose: poses.get(events.clip), labels: labels[events.clip]!, parts: new Map(), coach: new Map() },
  }));
}

/** The headline with the detector's constants fitted leave-one-clip-out on `grid` (params-fit.ts). */
export function locoFitted(clips: readonly LocoClip<ParamClip>[], grid: readonly DetectionParams[] = paramGrid()): LocoResult<DetectionParams, ClipFigures, Headline> {
  return locoParams(
    clips,
    grid,
    (c, p) => countsAt(c.data, p),
    (p, c) => measureClip({ detectionFloor: 0 }, eventsAt(c.data, p)),
    aggregateFigures,
  );
}

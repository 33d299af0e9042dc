/**
 * The stroke part of `npm run eval` on every labelled clip: the engine's pose of the whole clip
 * (pose-cache.ts; with the labelled capture rate where the clip is slowed, as the service passes
 * capture_fps to the engine), each labelled stroke's window analysis and the detectors
 * (strokes.ts), and the coach's whole-clip runs (coach-run.ts): with the rate where the clip is
 * slowed, and without any rate for the slow-motion guess (on the pose the engine estimates
 * without it, as a coach who gives none gets). A clip the engine refuses (no person, an
 * undecodable file) is kept with the engine's error as every run's outcome.
 */
import { mediaPath } from '../support/media.js';
import { clipSetup } from './clips.js';
import { coachRun, engineFailure } from './coach-run.js';
import { captureFps, type StrokeLabels } from './labels.js';
import { poseOf, type CachedPose, type ReuseMode } from './pose-cache.js';
import type { ClipEvents } from './report.js';
import { analyseLabelledStrokes, analysedLabels, scoreDetectors, unanalysedStrokes } from './strokes.js';

/** How the poses are read: cache mode, engine version, a log line sink. */
export interface PoseSource {
  reuse: ReuseMode;
  version: string;
  log: (line: string) => void;
  /** The file of a clip when it is not in the shared media folder (`--clip PATH`); default mediaPath(clip). */
  clipPath?: (clip: string) => string;
}

/** The clip outcomes, the pose of each clip the engine read (with the rate where slowed) and the engine versions used. */
export interface EventsOut {
  out: ClipEvents[];
  poses: Map<string, CachedPose>;
  engines: Set<string>;
}

const message = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e));

/** Every clip of `labels` that `want` keeps, in the labels' order (module doc). */
export async function clipEvents(labels: StrokeLabels, want: (clip: string) => boolean, src: PoseSource): Promise<EventsOut> {
  const out: ClipEvents[] = [];
  const poses = new Map<string, CachedPose>();
  const engines = new Set<string>();
  const load = async (clip: string, heightMm: number, rate: number | undefined) => {
    const pose = await poseOf(src.clipPath?.(clip) ?? mediaPath(clip), heightMm, src.reuse, src.version, rate);
    src.log(`${clip}${rate ? ` @ ${rate.toFixed(0)} fps` : ''}: pose ${pose.cached ? `from cache (engine ${pose.engine})` : `estimated in ${pose.engineS.toFixed(1)} s`}`);
    engines.add(pose.engine);
    return pose;
  };
  for (const [clip, l] of Object.entries(labels)) {
    if (!want(clip)) continue;
    const setup = clipSetup(clip);
    const first = analysedLabels(l, setup)[0];
    const slowed = l.slow_motion_factor < 1;
    const base = { clip, fps: l.fps, slowMotionFactor: l.slow_motion_factor };
    let pose: CachedPose;
    try {
      pose = await load(clip, setup.playerHeightMm, slowed ? captureFps(l) : undefined);
    } catch (e) {
      src.log(`${clip}: the engine refused it: ${message(e)}`);
      const run = engineFailure(first, message(e));
      out.push({ ...base, strokes: unanalysedStrokes(l, setup, message(e)), detectors: [], coach: run, guessRun: run });
      continue;
    }
    poses.set(clip, pose);
    const coach = coachRun(clip, l, setup, first, pose, true);
    let guessRun = coach;
    if (slowed) {
      try {
        guessRun = coachRun(clip, l, setup, first, await load(clip, setup.playerHeightMm, undefined), false);
      } catch (e) {
        guessRun = engineFailure(first, message(e));
      }
    }
    out.push({
      ...base,
      strokes: analyseLabelledStrokes(clip, l, setup, pose),
      detectors: scoreDetectors(l, setup, pose, coach),
      coach,
      guessRun,
    });
  }
  return { out, poses, engines };
}

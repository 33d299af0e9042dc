/**
 * A stroke of a clip joined from several scenes (scene-cuts.ts) is analysed on its own scene
 * only: its backswing and follow-through searches (1.5 s and 1.2 s of real time around contact,
 * phases.ts) must not run into another take. The result is then laid back onto the whole clip:
 * per-frame series get 0 outside the scene (as for frames without a measurement, API.md
 * `plot_values` has one value per frame) and `peak_index` is shifted to the clip's frames;
 * `frame_nr` and `timestamp` are the clip's already (the tracks keep them).
 */
import { selectFrames } from '../pose/pose-track.js';
import { computeTechniqueResult, type AnalysisInput, type TechniqueOptions, type TechniqueOutput } from './technique/index.js';

/** Frames [a, b) of the scene holding frame `f`, given the ascending scene cuts (first frames of new scenes). */
export function sceneOf(cuts: readonly number[], f: number, frames: number): [number, number] {
  let a = 0;
  let b = frames;
  for (const c of cuts) {
    if (c <= f) a = c;
    else {
      b = c;
      break;
    }
  }
  return [a, b];
}

type Series = { plot_values: number[]; peak_index: number };

function spread<T extends Partial<Series>>(s: T, a: number, frames: number): T {
  if (!s.plot_values) return s;
  const values = new Array<number>(frames).fill(0);
  s.plot_values.forEach((v, i) => (values[a + i] = v));
  return { ...s, plot_values: values, ...(s.peak_index !== undefined ? { peak_index: s.peak_index + a } : {}) };
}

/**
 * computeTechniqueResult on the scene of input frame `frame` (see module doc).
 * @throws as computeTechniqueResult (InsufficientPoseError when the scene is too short to analyse).
 */
export function analyseInScene(raw: AnalysisInput, cuts: readonly number[], frame: number, opts: TechniqueOptions): TechniqueOutput {
  const frames = raw.pose2d.frames;
  const [a, b] = sceneOf(cuts, frame, frames);
  const idx = Int32Array.from({ length: b - a }, (_, i) => a + i);
  const out = computeTechniqueResult({ ...raw, pose2d: selectFrames(raw.pose2d, idx), pose3d: selectFrames(raw.pose3d, idx) }, opts);
  const r = out.result;
  const chain = r.kinetic_chain?.speed_dict;
  return {
    ...out,
    result: {
      ...r,
      ...(chain ? { kinetic_chain: { ...r.kinetic_chain, speed_dict: { ...chain, hip: spread(chain.hip, a, frames), shoulder: spread(chain.shoulder, a, frames), wrist: spread(chain.wrist, a, frames) } } } : {}),
      ...(r.wrist_speed ? { wrist_speed: spread(r.wrist_speed, a, frames) } : {}),
    },
  };
}

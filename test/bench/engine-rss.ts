/**
 * Child of test/bench/engine.ts: one analysis of the clip given as argv[2] in a fresh process, then
 * prints `{"maxRssMiB": …, "frames": n}` as JSON: the peak resident memory of a process that ran
 * only that analysis. argv[3] says which: `fast` (default; estimatePose, fast pass only: MoveNet
 * lightning) or `process` (what `/process` and the direct backend run: techniquePipeline's
 * analyseTechnique, both passes and the stroke analysis). The runtime, plan and decoder threads
 * come from the environment (SWING_ORT_MODULE, SWING_INFER_*, SWING_DECODE_THREADS).
 */
import { estimatePose } from '../../main/engine/index.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';

const [clip, mode = 'fast'] = process.argv.slice(2);
if (!clip || (mode !== 'fast' && mode !== 'process')) throw new Error('usage: engine-rss.ts <clip> [fast|process]');
const meta = { uid: 'bench-rss', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1850 } as const;
const frames =
  mode === 'fast'
    ? (await estimatePose(clip, { playerHeightMm: 1850, secondPass: false })).pose2d.frames
    : ((await techniquePipeline.analyseTechnique(clip, meta, { signal: new AbortController().signal })).pose2d?.frames ?? 0);
console.log(JSON.stringify({ maxRssMiB: process.resourceUsage().maxRSS / 1024, frames }));

/**
 * Child of test/bench/engine.ts: one estimatePose run of the clip given as argv[2] (fast pass: lightning,
 * the environment's runtime and plan), then prints `{"maxRssMiB": …, "warnings": n}` as JSON:
 * the peak resident memory of a process that ran only that analysis.
 */
import { estimatePose } from '../../main/engine/index.js';

const clip = process.argv[2];
if (!clip) throw new Error('usage: engine-rss.ts <clip>');
const r = await estimatePose(clip, { playerHeightMm: 1850, secondPass: false });
console.log(JSON.stringify({ maxRssMiB: process.resourceUsage().maxRSS / 1024, frames: r.pose2d.frames }));

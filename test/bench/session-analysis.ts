/**
 * The analysis of a whole session without its pose estimation (issue 29: every stroke of a long
 * practice, main/analysis/stroke-stretch.ts): analyseStrokes on a synthetic session in which the
 * player is in view throughout (no scene cut: the case where each stroke used to be analysed on
 * the whole clip), 60 images/s, a swing every 5 s alternating forehand and backhand
 * (test/analysis/support/synthetic.ts), for each length of `--minutes` (default 10 and 30).
 * Baseline in the same run: one pass of the kinematics over the whole clip (computeKinematics,
 * the least work that reads every frame). Prints CPU seconds, CPU-s per video-s, per stroke and
 * the ratio to the baseline; asserts nothing. `npm run bench -- session-analysis --minutes 60`.
 */
import { loadavg } from 'node:os';
import { analyseStrokes } from '../../main/analysis/index.js';
import { computeKinematics } from '../../main/analysis/core/index.js';
import { synthTracks } from '../analysis/support/synthetic.js';

const FPS = 60;
const SWING_EVERY_S = 5;
const arg = process.argv.indexOf('--minutes');
const minutes = arg >= 0 ? process.argv[arg + 1]!.split(',').map(Number) : [10, 30];

/** CPU seconds (user + system) that `f` takes, and its value. */
function cpu<T>(f: () => T): [number, T] {
  const a = process.cpuUsage();
  const v = f();
  const d = process.cpuUsage(a);
  return [(d.user + d.system) / 1e6, v];
}

console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log('minutes | frames | strokes found | analyseStrokes CPU s | CPU-s per video-s | CPU ms per stroke | baseline (kinematics once) CPU s | ratio to baseline');
for (const m of minutes) {
  const seconds = m * 60;
  const swings = Array.from({ length: Math.floor(seconds / SWING_EVERY_S) - 1 }, (_, i) => ({ t: SWING_EVERY_S * (i + 1), side: i % 2 ? ('backhand' as const) : ('forehand' as const) }));
  const t = synthTracks({ fps: FPS, seconds, cameraYawDeg: 60, swings });
  const [base] = cpu(() => computeKinematics({ pose2d: t.pose2d, pose3d: t.pose3d }, FPS, 'right', 'dominant_wrist'));
  const [s, out] = cpu(() => analyseStrokes({ ...t, meta: { uid: 'bench', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1800 } }));
  const n = out.result.strokes?.length ?? 0;
  console.log(`${m} | ${t.pose2d.frames} | ${n} of ${swings.length} | ${s.toFixed(1)} | ${(s / seconds).toFixed(4)} | ${((s / Math.max(1, n)) * 1000).toFixed(0)} | ${base.toFixed(2)} | ${(s / base).toFixed(0)}×`);
}

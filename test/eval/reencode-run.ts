/**
 * `npm run eval:reencode`: repeatability under re-encoding (reencode.ts). Makes each variant of a
 * few real-time labelled clips with the system ffmpeg into test-artifacts/eval/reencode/ (never
 * into the repo: footage rights), runs the engine on it (poses cached like the eval's, by file
 * hash) and the whole-clip analysis as a coach runs it (coach-run.ts's swing type and hand),
 * and prints the per-value table; writes it to test-artifacts/eval/reencode.md.
 *
 *   npm run eval:reencode                       the default clips
 *   npm run eval:reencode -- --clips pickleball_rec_1,tennis_serve_amateur_1
 *
 * Not part of `npm test` or `npm run eval` (one engine run per clip and variant: minutes).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import type { Stroke } from '../../main/contract/technique-schema.js';
import { mediaPath } from '../support/media.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { clipSetup } from './clips.js';
import { requestedSwingType } from './coach-run.js';
import { readStrokeLabels } from './labels.js';
import { strokeMeta } from './meta.js';
import { EVAL_DIR, poseOf, type CachedPose } from './pose-cache.js';
import { analysedLabels } from './strokes.js';
import { pairStrokes, renderRepeatability, REENCODE_VARIANTS, type StrokePair } from './reencode.js';

/**
 * Default clips (Decided): real-time clips with labelled strokes of one analysed player, the
 * sports and views mixed: a pickleball court-side phone clip, a tennis broadcast, an amateur
 * serve from the side, a pickleball rally filmed from behind (variable frame rate).
 */
const DEFAULT_CLIPS = ['pickleball_rec_1', 'tennis_broadcast_1', 'tennis_serve_amateur_1', 'pickleball_rally_behind_1'];

const { values: args } = parseArgs({ options: { clips: { type: 'string' } } });
const clips = (args.clips?.split(',') ?? DEFAULT_CLIPS).map((c) => (c.endsWith('.mp4') ? c : `${c}.mp4`));
const labels = readStrokeLabels();
const dir = join(EVAL_DIR, 'reencode');
mkdirSync(dir, { recursive: true });
const log = (m: string) => console.error(`[reencode] ${m}`);

/** The whole-clip analysis' strokes, as a coach runs the clip (coach-run.ts, no capture rate: real-time clips only). */
function strokesOf(clip: string, pose: CachedPose): Stroke[] {
  const setup = clipSetup(clip);
  const first = analysedLabels(labels[clip]!, setup)[0];
  const meta = strokeMeta({ uid: `${clip}#reencode`, sport: setup.sport, swingType: requestedSwingType(first), hand: first?.hand === 'left' ? 'left' : 'right', playerHeightMm: setup.playerHeightMm });
  const out = analyseStrokes({ pose2d: pose.pose2d, pose3d: pose.pose3d, ball: pose.ball, fps: pose.video.fps, width: pose.video.width, height: pose.video.height, meta });
  return out.result.strokes ?? [];
}

const rows = REENCODE_VARIANTS.map((variant) => ({ variant, originalStrokes: 0, pairs: [] as StrokePair[] }));
for (const clip of clips) {
  const l = labels[clip];
  if (!l) throw new Error(`no labels for ${clip}`);
  if (l.slow_motion_factor < 0.9) throw new Error(`${clip} is slowed: the repeatability runs take real-time clips only`);
  const setup = clipSetup(clip);
  const source = mediaPath(clip);
  const original = strokesOf(clip, await poseOf(source, setup.playerHeightMm, 'any'));
  for (const row of rows) {
    if (row.variant.maxFps !== undefined && l.fps > row.variant.maxFps) continue;
    const out = join(dir, `${clip.replace(/\.mp4$/, '')}.${row.variant.id}.mp4`);
    if (!existsSync(out)) execFileSync(testFfmpeg(), ['-v', 'error', '-y', '-i', source, '-an', ...row.variant.args, out]);
    log(`${clip} ${row.variant.id}`);
    const pose = await poseOf(out, setup.playerHeightMm, 'any');
    row.originalStrokes += original.length;
    row.pairs.push(...pairStrokes(clip, row.variant.id, original, strokesOf(clip, pose)));
  }
}
const md = [`Clips: ${clips.join(', ')}.`, '', renderRepeatability(rows)].join('\n');
writeFileSync(join(EVAL_DIR, 'reencode.md'), md);
console.log(md);

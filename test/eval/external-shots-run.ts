/**
 * `npm run eval:external -- --annotations DIR --videos DIR`: the stroke detector on clips
 * annotated elsewhere as shot lists (external-shots.ts), e.g. a checkout of
 * Parkvr/pickleball-shot-classifier @ 955d008 (`--annotations annotations --videos videos`):
 * for each `DIR/N.mp4` with an `annotation_N.csv` (or `annotation_Nmp4.csv`) the engine's pose
 * (cached like the eval's, by file hash), `clipStrokes` as the product runs it, and the
 * precision, recall and side at several match windows. Writes the report to
 * test-artifacts/eval/external.md. The footage stays where it is (never copied into the repo).
 *
 *   --clips 1,2,4          a subset (names without .mp4)
 *   --skip 14,18           clips to leave out (default: those two, which are shared clips)
 *   --sport pickleball     --hand right     --height-mm 1800   (every clip)
 *
 * Not part of `npm test` (an engine run per clip: minutes).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clipStrokes } from '../../main/analysis/strokes/clip-strokes.js';
import { SPORTS, type Sport } from '../../main/contract/technique-names.js';
import { countShots, parseShotCsv, renderShotCounts, type AnnotatedShot, type DetectedShot } from './external-shots.js';
import { EVAL_DIR, poseOf } from './pose-cache.js';

/** Match windows reported, seconds: the eval's 0.15 s, and wider ones for key-press frames (external-shots.ts). */
const WINDOWS_S = [0.15, 0.25, 0.35, 0.5];

const { values: args } = parseArgs({
  options: {
    annotations: { type: 'string' },
    videos: { type: 'string' },
    clips: { type: 'string' },
    skip: { type: 'string', default: '14,18' },
    sport: { type: 'string', default: 'pickleball' },
    hand: { type: 'string', default: 'right' },
    'height-mm': { type: 'string', default: '1800' },
  },
});
const annotations = args.annotations;
const videos = args.videos;
if (!annotations || !videos) throw new Error('give --annotations DIR and --videos DIR (see test/eval/external-shots-run.ts)');
if (!(SPORTS as readonly string[]).includes(args.sport)) throw new Error(`--sport must be one of ${SPORTS.join(', ')}`);
if (args.hand !== 'right' && args.hand !== 'left') throw new Error('--hand must be right or left');
const sport = args.sport as Sport;
const hand = args.hand;
const heightMm = Number(args['height-mm']);
if (!(heightMm > 0)) throw new Error('--height-mm must be a positive number of millimetres');
const skip = new Set(args.skip.split(',').filter(Boolean));
const names = (args.clips?.split(',') ?? readdirSync(videos).filter((f) => f.endsWith('.mp4')).map((f) => f.slice(0, -4)))
  .filter((n) => !skip.has(n))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));

const clips: { name: string; fps: number; shots: AnnotatedShot[]; detected: DetectedShot[] }[] = [];
for (const name of names) {
  const csv = [`annotation_${name}.csv`, `annotation_${name}mp4.csv`].map((f) => join(annotations, f)).find(existsSync);
  if (!csv) {
    console.error(`[external] ${name}: no shot list, left out`);
    continue;
  }
  const pose = await poseOf(join(videos, `${name}.mp4`), heightMm, 'keyed');
  const found = clipStrokes({ pose2d: pose.pose2d, pose3d: pose.pose3d, fps: pose.video.fps, sport, dominantHand: hand, ball: pose.ball });
  clips.push({ name, fps: pose.video.fps, shots: parseShotCsv(readFileSync(csv, 'utf8')), detected: found.strokes.map((s) => ({ frame: s.contact.frame_nr, side: s.side })) });
  console.error(`[external] ${name}: ${found.strokes.length} strokes found, ${clips.at(-1)!.shots.length} annotated`);
}
const report = [
  `## External check: ${clips.length} clips (${clips.map((c) => c.name).join(', ')}), ${clips.reduce((n, c) => n + c.shots.length, 0)} annotated shots`,
  '',
  renderShotCounts(WINDOWS_S.map((w) => countShots(clips, w))),
  '',
].join('\n');
mkdirSync(EVAL_DIR, { recursive: true });
writeFileSync(join(EVAL_DIR, 'external.md'), report);
console.log(report);

/**
 * `npm run eval`: the evaluation harness (issue 8 §1, issue 26 §1). Runs the real engine and
 * analysis on the labelled shared clips and prints one markdown report (issue 26's headline
 * leave-one-clip-out with the in-sample figures beside it, per clip, known groups per stroke type;
 * events, 2D, 3D, known groups, slow motion, cut consistency); writes it and its JSON to test-artifacts/eval/ (latest.md, latest.json and a
 * dated copy). Needs the system ffmpeg for the cuts. Not part of `npm test` (minutes of engine).
 *
 *   npm run eval                          engine on every clip (pose cached for later runs)
 *   npm run eval -- --reuse-pose          reuse the cached pose when clip and engine are unchanged
 *   npm run eval -- --reuse-pose-any      reuse the newest cached pose of each clip, any engine version
 *   npm run eval -- --clips tennis_forehand_2,balance_portrait_60fps_1   a subset
 *   npm run eval -- --no-cuts             skip the cut-consistency part (3 engine runs per stroke)
 *   npm run eval -- --engine 3fd0c53b819a1ce9 --no-cuts   the analysis on the cached poses of an
 *                                         earlier engine version (e.g. a measured engine variant):
 *                                         how the events hold when the pose changes
 *   npm run eval -- --labels F --clip PATH   the strokes of a labels file (e.g. a library session's
 *                                         `swing-studio export <id> --format labels --out F`) against
 *                                         the clip at PATH (its only clip); no cuts, no 3D part
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { mediaPath, REPO_ROOT } from '../support/media.js';
import { clipSetup } from './clips.js';
import { cutSpreads } from './cut-plan.js';
import { analyseCuts } from './cuts.js';
import { compare3d } from './eval-3d.js';
import { ballClockOfClips, renderBallClockLoco } from './ball-clock-loco.js';
import { MULTIVIEW_CAMERAS, renderPerView, trackView, type CameraRow } from './multiview.js';
import { readStrokeLabels, type StrokeLabels } from './labels.js';
import { labelsFile } from './labels-file.js';
import { CONTRACT_HAS_CAPTURE_FPS } from './meta.js';
import { pck, worstFrames, type Points2d } from './pck.js';
import { EVAL_DIR, engineVersion, poseOf, type CachedPose, type ReuseMode } from './pose-cache.js';
import { EVAL_JOINT_NAMES, EVAL_TORSO, readCoco17, readMediaPipe33, trackPoints } from './reference-2d.js';
import { render2d, render3d, renderCuts, renderEvents, renderGroups, type ClipEvents } from './report.js';
import { renderServeGroups } from './serve-groups.js';
import { renderViewSpread } from './view-spread.js';
import { analyseStroke, analysedLabels, strokeWindow } from './strokes.js';
import { clipEvents } from './clip-events.js';
import { locoDetectionFloor } from './headline.js';
import { locoFitted, paramClips } from './params-loco.js';
import { describeParams, foldRanges } from './params-fit.js';
import { renderClipFigures, renderHeadline, renderTypeOrders } from './report-headline.js';
import { readTrc, trcStature, trcToH36m } from './trc.js';
import { renderWristAtContact, wristAtContact, type WristRow } from './wrist-at-contact.js';
import { guessRow, renderGuesses } from './slow-motion-guess.js';

/** Half-width of the near-contact frames of the 2D part, real seconds (issue 9: "frames within ±0.6 s of contact reported separately"). */
const NEAR_CONTACT_REAL_S = 0.6;

/** Frames within ±{@link NEAR_CONTACT_REAL_S} real seconds of a labelled contact of the analysed player. */
function nearContact(l: StrokeLabels[string], setup: ReturnType<typeof clipSetup>): (f: number) => boolean {
  const half = (NEAR_CONTACT_REAL_S / l.slow_motion_factor) * l.fps;
  const contacts = analysedLabels(l, setup).map((s) => s.contact_frame);
  return (f) => contacts.some((c) => Math.abs(f - c) <= half);
}

/** PCK thresholds, shares of torso size (issue 8). */
const ALPHAS = [0.05, 0.1, 0.2];
/** Strokes of the cut-consistency part: [clip, labelled contact frame]. */
const CUT_STROKES: [string, number][] = [
  ['tennis_forehand_2.mp4', 121],
  ['tennis_forehand_1.mp4', 472],
];
const POSE3D_CLIP = 'balance_portrait_60fps_1.mp4';
const TRC_FILES = [
  'balance_portrait_60fps_1.pose2sim_3d.trc',
  'balance_portrait_60fps_1.pose2sim_3d_filt_butterworth.trc',
];

const { values: args } = parseArgs({
  options: {
    'reuse-pose': { type: 'boolean' },
    'reuse-pose-any': { type: 'boolean' },
    clips: { type: 'string' },
    'no-cuts': { type: 'boolean' },
    engine: { type: 'string' },
    labels: { type: 'string' },
    clip: { type: 'string' },
  },
});
if (args.clip !== undefined && args.labels === undefined) throw new Error('--clip PATH goes with --labels F (the clip of that labels file)');
if (args.engine !== undefined && (!/^[0-9a-f]{16}$/.test(args.engine) || !args['no-cuts'])) {
  throw new Error(`--engine takes a 16-hex-digit engine version from the cache and needs --no-cuts (cuts are estimated afresh), got ${args.engine}`);
}
const reuse: ReuseMode = args.engine ? 'cached' : args['reuse-pose-any'] ? 'any' : args['reuse-pose'] ? 'keyed' : 'fresh';
const enginesUsed = new Set<string>();
const given = args.labels === undefined ? null : labelsFile(args.labels, args.clip);
if (given) args['no-cuts'] = true;
const wanted = given ? Object.keys(given) : args.clips?.split(',').map((c) => (c.endsWith('.mp4') ? c : `${c}.mp4`));
const want = (clip: string) => !wanted || wanted.includes(clip);
const version = args.engine ?? engineVersion();
const log = (m: string) => console.error(`[eval] ${m}`);

function twoD(poses: Map<string, CachedPose>, labels: StrokeLabels) {
  const parts: { title: string; ref: Points2d; clip: string }[] = [];
  const f2 = poses.get('tennis_forehand_2.mp4');
  const f1 = poses.get('tennis_forehand_1.mp4');
  if (f2)
    parts.push({
      clip: 'tennis_forehand_2.mp4',
      title: 'tennis_forehand_2 against Detectron2 keypoint R-CNN (COCO-17)',
      ref: readCoco17(mediaPath('keypoints/tennis_forehand_2.coco17_detectron2.json')),
    });
  if (f1)
    parts.push({
      clip: 'tennis_forehand_1.mp4',
      title: 'tennis_forehand_1 against MediaPipe Pose (33 landmarks)',
      ref: readMediaPipe33(
        mediaPath('keypoints/tennis_forehand_1.mediapipe33.json'),
        f1.video.width,
        f1.video.height,
      ),
    });
  return parts.map(({ clip, title, ref }) => {
    const ours = trackPoints(poses.get(clip)!.pose2d, ref.frames);
    const r = pck(ours, ref, EVAL_TORSO, ALPHAS);
    const near = pck(ours, ref, EVAL_TORSO, ALPHAS, nearContact(labels[clip]!, clipSetup(clip)));
    const worst = worstFrames(r.frameError, 5);
    const worstJoint = (f: number) => {
      let [best, name] = [-1, '–'];
      EVAL_JOINT_NAMES.forEach((n, j) => {
        const i = (f * ref.joints + j) * 2;
        const e = Math.hypot(ours.xy[i]! - ref.xy[i]!, ours.xy[i + 1]! - ref.xy[i + 1]!);
        if (e > best) [best, name] = [e, n];
      });
      return name;
    };
    return {
      clip,
      title,
      result: { ...r, frameError: undefined },
      worst,
      near: { ...near, frameError: undefined },
      text: render2d(title, r, worst, worstJoint, near),
    };
  });
}

async function threeD() {
  if (!want(POSE3D_CLIP)) return null;
  const trcs = TRC_FILES.map((f) => ({
    name: f.replace('balance_portrait_60fps_1.', ''),
    trc: readTrc(mediaPath(`keypoints/${f}`)),
  }));
  const heightMm = Math.round(trcStature(trcs[0]!.trc) * 1000);
  const pose = await poseOf(mediaPath(POSE3D_CLIP), heightMm, reuse, version);
  log(
    `${POSE3D_CLIP}: pose ${pose.cached ? `from cache (engine ${pose.engine})` : `estimated in ${pose.engineS.toFixed(1)} s`} (height ${heightMm} mm from the TRC)`,
  );
  enginesUsed.add(pose.engine);
  const results = trcs.map(({ name, trc }) => ({ name, r: compare3d(pose.pose3d, trcToH36m(trc)) }));
  // Issue 26: the same comparison for each of the 4 cameras and its estimated view (multiview.ts).
  const views: CameraRow[] = [];
  for (const camera of MULTIVIEW_CAMERAS) {
    const cam = camera === 'cam01.mp4' ? pose : await poseOf(mediaPath(`multiview_balance_1/${camera}`), heightMm, reuse, version);
    if (cam !== pose) log(`${camera}: pose ${cam.cached ? `from cache (engine ${cam.engine})` : `estimated in ${cam.engineS.toFixed(1)} s`}`);
    enginesUsed.add(cam.engine);
    views.push({ camera, view: trackView(cam.pose3d), r: compare3d(cam.pose3d, trcToH36m(trcs[0]!.trc), [0]) });
  }
  return {
    heightMm,
    results,
    views: views.map((v) => ({ camera: v.camera, view: v.view, paMpjpeM: v.r.paMpjpeM, angles: v.r.angles })),
    text: `${render3d(results)}\n\nPlayer height given to the engine: ${heightMm} mm (Head marker above the lowest foot marker, 95th percentile over frames).\n\n${renderPerView(views)}`,
  };
}

async function cuts(
  labels: StrokeLabels,
  clipEvents: readonly ClipEvents[],
  poses: Map<string, CachedPose>,
) {
  const out = [];
  for (const [clip, frame] of CUT_STROKES) {
    const l = labels[clip];
    const label = l?.strokes.find((s) => s.contact_frame === frame);
    if (!l || !label || !want(clip) || args['no-cuts'] || !poses.has(clip)) continue;
    const setup = clipSetup(clip);
    const cutOut = await analyseCuts(clip, mediaPath(clip), l, setup, label, reuse);
    cutOut.forEach((c) => enginesUsed.add(c.engine));
    const fromWindow = clipEvents.find((c) => c.clip === clip)?.strokes.find((s) => s.label === label);
    const full = analyseStroke(clip, l, setup, label, poses.get(clip)!, [0, l.frames - 1]);
    const all = [...cutOut.map((c) => c.outcome), ...(fromWindow ? [fromWindow] : []), full];
    const columns = [
      ...cutOut.map((c) => `cut ${c.spec.position * 100} % (${c.spec.firstFrame}+${c.spec.frames})`),
      ...(fromWindow ? [`window ${fromWindow.window.join('–')}`] : []),
      'full clip',
    ];
    const spreads = cutSpreads(cutOut.map((c) => c.outcome), all);
    const title = `${clip.replace('.mp4', '')} stroke at frame ${frame} (spread over the three cuts; window and full clip shown for reference)`;
    out.push({
      clip,
      frame,
      columns,
      spreads,
      text: renderCuts(
        title,
        columns,
        spreads,
        all.map((o) => o.contactFrame),
      ),
    });
  }
  return out;
}

function gitInfo() {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  }).trim();
  const dirty =
    execFileSync('git', ['status', '--porcelain', '--', 'main'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim() !== '';
  return { head, dirty };
}

const labels = given ?? readStrokeLabels();
const t0 = performance.now();
const ev = await clipEvents(labels, want, { reuse, version, log, ...(args.clip ? { clipPath: () => args.clip! } : {}) });
ev.engines.forEach((e) => enginesUsed.add(e));
const d2 = twoD(ev.poses, labels);
const posed = ev.out.filter((c) => ev.poses.has(c.clip));
const wrists: WristRow[] = posed.flatMap((c) =>
  c.strokes.map((s) => {
    const l = labels[c.clip]!;
    const p = ev.poses.get(c.clip)!;
    const r = wristAtContact(p.pose2d, p.pose3d, s.label.contact_frame, s.label.hand, l.fps, l.slow_motion_factor);
    return { clip: c.clip, frame: s.label.contact_frame, hand: s.label.hand, r };
  }),
);
const guesses = posed.flatMap((c) => c.strokes.map((s) => guessRow(c.clip, labels[c.clip]!, clipSetup(c.clip), s, ev.poses.get(c.clip)!)));
const tFit = performance.now();
const shipped = ev.out.length >= 2 ? locoFitted(paramClips(ev.out, ev.poses, labels)) : null;
if (shipped) log(`detector constants fitted leave-one-clip-out in ${((performance.now() - tFit) / 1000).toFixed(0)} s`);
const paramsNote = shipped
  ? `The stroke detector's data-chosen constants (main/analysis/strokes/detection-params.ts) are fitted leave-one-clip-out on a grid (test/eval/params-fit.ts; objective: detection F1 + share of contacts within ±2 frames on the training clips). All clips: ${describeParams(shipped.allConstants)}. Folds range: ${foldRanges(shipped.folds.map((f) => f.constants))}. Per fold (left-out clip: chosen on the others): ${shipped.folds.map((f) => `${f.clip.replace('.mp4', '')}: ${describeParams(f.constants)}`).join('; ')}.`
  : '';
const floored = ev.out.length >= 2 ? locoDetectionFloor(ev.out) : null;
const clock = ballClockOfClips(posed.map((c) => c.clip), ev.poses, labels);
const d3 = await threeD();
const cu = await cuts(labels, ev.out, ev.poses);
const { head, dirty } = gitInfo();
const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const header = `## Evaluation ${date}, commit ${head}${dirty ? ' + uncommitted changes in main/' : ''}, engine ${[...enginesUsed].join(' + ')}${enginesUsed.size === 1 && enginesUsed.has(version) ? '' : ` (current engine ${version})`}\n\nClips: ${[...ev.out.map((c) => c.clip), ...(d3 ? [POSE3D_CLIP] : [])].join(', ')}. Labelled strokes of the analysed players: ${ev.out.map((c) => `${c.clip.replace('.mp4', '')} ${c.strokes.length} of ${labels[c.clip]!.strokes.length}`).join(', ')}.`;
const md = [
  header,
  shipped && floored ? renderHeadline(shipped, floored, paramsNote) : ev.out.length === 1 ? '(issue 26 headline: leave-one-clip-out needs at least 2 labelled clips)' : '',
  shipped && floored ? renderClipFigures(ev.out, shipped, floored) : '',
  shipped ? renderTypeOrders(shipped.leftOut, ev.out) : '',
  ev.out.length ? renderEvents(ev.out) : '',
  ...d2.map((p) => p.text),
  wrists.length ? renderWristAtContact(wrists) : '',
  d3?.text ?? '',
  ev.out.length ? renderGroups(ev.out, CONTRACT_HAS_CAPTURE_FPS) : '',
  ev.out.length ? renderViewSpread(ev.out) : '',
  ev.out.length ? renderServeGroups(ev.out) : '',
  guesses.length ? renderGuesses(guesses) : '',
  clock ? renderBallClockLoco(clock) : '',
  ...cu.map((c) => c.text),
]
  .filter(Boolean)
  .join('\n\n');
console.log(md);
mkdirSync(EVAL_DIR, { recursive: true });
const json = {
  date,
  commit: head,
  dirty,
  engine: version,
  captureRateApplied: CONTRACT_HAS_CAPTURE_FPS,
  loco: shipped && floored && { fittedParams: shipped, detectionFloor: floored },
  events: ev.out.map((c) => ({
    ...c,
    windows: analysedLabels(labels[c.clip]!, clipSetup(c.clip)).map((s) => strokeWindow(labels[c.clip]!, s)),
  })),
  wristAtContact: wrists,
  slowMotionGuesses: guesses,
  ballClockLoco: clock,
  pck: d2.map(({ clip, title, result, worst }) => ({ clip, title, ...result, worst })),
  pose3d: d3 && { heightMm: d3.heightMm, results: d3.results, views: d3.views },
  cuts: cu.map(({ clip, frame, columns, spreads }) => ({ clip, frame, columns, spreads })),
};
const stamp = date.replace(/[:]/g, '-');
for (const name of ['latest', stamp]) {
  writeFileSync(join(EVAL_DIR, `${name}.md`), `${md}\n`);
  writeFileSync(join(EVAL_DIR, `${name}.json`), JSON.stringify(json, null, 1));
}
log(
  `done in ${((performance.now() - t0) / 1000).toFixed(0)} s; report in ${join(EVAL_DIR, 'latest.md')} and latest.json`,
);

/**
 * The harness report: one markdown document with a table per part (events, 2D, 3D, known
 * groups, cut consistency), from the results run.ts computes. Column meanings are in
 * main/analysis/README.md, "Accuracy".
 */
import type { CoachRun } from './coach-run.js';
import type { FeatureSpread } from './cut-plan.js';
import type { Eval3d } from './eval-3d.js';
import type { PckResult } from './pck.js';
import { EVAL_JOINT_NAMES } from './reference-2d.js';
import type { DetectorOutcome, StrokeOutcome } from './strokes.js';
import { mdTable, num, pct, ratio, signed, type Cell } from './table.js';

/** Strokes and detectors of one clip. */
export interface ClipEvents {
  clip: string;
  fps: number;
  slowMotionFactor: number;
  strokes: StrokeOutcome[];
  detectors: DetectorOutcome[];
  /** The coach's whole-clip run (coach-run.ts), with the capture rate where the clip is slowed. */
  coach: CoachRun;
  /** The same run without any capture rate: the clip's slow-motion guess (the coach run itself on a real-time clip). */
  guessRun: CoachRun;
}

const short = (clip: string) => clip.replace(/\.mp4$/, '');

function strokeRow(c: ClipEvents, s: StrokeOutcome): Cell[] {
  const ok = s.errorFrames !== null && Math.abs(s.errorFrames) <= 2;
  return [
    short(c.clip),
    s.label.stroke,
    `${s.label.contact_frame} ±${s.label.uncertainty_frames}`,
    `${s.window[0]}–${s.window[1]}`,
    s.contactFrame === null ? null : String(s.contactFrame),
    signed(s.errorFrames),
    signed(s.errorMs, 0),
    s.errorFrames === null ? (s.failure ?? '–') : ok ? 'yes' : 'no',
  ];
}

/** Events: contact error per labelled stroke, then detection precision/recall and sides per detector. */
export function renderEvents(clips: readonly ClipEvents[]): string {
  const strokes = clips.flatMap((c) => c.strokes.map((s) => strokeRow(c, s)));
  const all = clips.flatMap((c) => c.strokes);
  const errs = all
    .filter((s) => s.errorFrames !== null)
    .map((s) => Math.abs(s.errorFrames!))
    .sort((a, b) => a - b);
  const within = (n: number) => errs.filter((e) => e <= n).length;
  const msAbs = all.filter((s) => s.errorMs !== null).map((s) => Math.abs(s.errorMs!));
  const summary =
    `Overall: ${all.length} labelled strokes of the analysed players, ${errs.length} analysed; |error| ≤ 2 frames: ${ratio(within(2), all.length)}` +
    ` (${pct(within(2) / all.length)}), ≤ 1 frame: ${ratio(within(1), all.length)}; median |error| ${num(errs[Math.floor(errs.length / 2)], 0)} frames,` +
    ` mean |error| ${num(msAbs.reduce((a, b) => a + b, 0) / msAbs.length, 0)} ms real time.`;
  const detRows: Cell[][] = [];
  const names = [...new Set(clips.flatMap((c) => c.detectors.map((d) => d.name)))];
  for (const name of names) {
    let [tp, det, lab, sideOk, sideN, near] = [0, 0, 0, 0, 0, 0];
    for (const c of clips) {
      const d = c.detectors.find((x) => x.name === name);
      if (!d) continue;
      const m = d.match.matches.length;
      const correct = d.sides.filter(([a, b]) => a && a === b).length;
      const sided = d.sides.filter(([a]) => a).length;
      const within2 = d.match.matches.filter((x) => Math.abs(x.errorFrames) <= 2).length;
      near += within2;
      [tp, det, lab, sideOk, sideN] = [
        tp + m,
        det + d.detectedFrames.length,
        lab + c.strokes.length,
        sideOk + correct,
        sideN + sided,
      ];
      detRows.push([
        name,
        short(c.clip),
        d.detectedFrames.join(', ') || '–',
        ratio(m, d.detectedFrames.length),
        ratio(m, c.strokes.length),
        sided ? ratio(correct, sided) : '–',
        m ? ratio(within2, m) : '–',
      ]);
    }
    detRows.push([
      `**${name}**`,
      '**all**',
      '',
      `${ratio(tp, det)} (${pct(tp / det)})`,
      `${ratio(tp, lab)} (${pct(tp / lab)})`,
      sideN ? `${ratio(sideOk, sideN)} (${pct(sideOk / sideN)})` : '–',
      tp ? `${ratio(near, tp)} (${pct(near / tp)})` : '–',
    ]);
  }
  return [
    '### Events: ball contact per labelled stroke (analysis of the stroke window)',
    mdTable(
      [
        'clip',
        'stroke',
        'label frame',
        'window',
        'detected',
        'error (frames)',
        'error (ms real)',
        '≤ 2 frames',
      ],
      strokes,
    ),
    summary,
    '### Events: stroke detection (match within 0.15 s real time)',
    mdTable(['detector', 'clip', 'detected frames', 'precision', 'recall', 'side correct', 'contact ±2 frames'], detRows),
  ].join('\n\n');
}

/** 2D agreement with one reference: overall and per-joint PCK, and the worst frames. */
export function render2d(
  title: string,
  r: PckResult,
  worst: [number, number][],
  worstJoint: (f: number) => string,
  near?: PckResult,
): string {
  const rows: Cell[][] = EVAL_JOINT_NAMES.map((n, j) => [
    n,
    ...r.alphas.map((_, a) => pct(r.perJoint[a]![j])),
  ]);
  rows.push(['**all**', ...r.overall.map((v) => `**${pct(v)}**`)]);
  if (near) rows.push([`all, ${near.frames} frames within ±0.6 s real of contact`, ...near.overall.map((v) => pct(v))]);
  if (near) {
    const wrists = EVAL_JOINT_NAMES.flatMap((n, j) => (n.endsWith('wrist') ? [j] : []));
    rows.push([
      'wrists, same frames',
      ...near.alphas.map((_, a) => pct(wrists.reduce((s, j) => s + near.perJoint[a]![j]! * near.counted[j]!, 0) / wrists.reduce((s, j) => s + near.counted[j]!, 0))),
    ]);
  }
  const w = worst.map(([f, e]) => `${f} (${num(e, 2)}, worst ${worstJoint(f)})`).join('; ');
  return [
    `### 2D: ${title}`,
    mdTable(['joint', ...r.alphas.map((a) => `PCK@${a}`)], rows),
    `${r.frames} frames with a reference torso; ${r.absent} joint positions missing in our pose (counted as misses). Frames of largest mean error / torso size: ${w || '–'}.`,
  ].join('\n\n');
}

/** 3D against the triangulation, one column per reference file. */
export function render3d(results: readonly { name: string; r: Eval3d }[]): string {
  const col = (f: (r: Eval3d) => string) => results.map(({ r }) => f(r));
  const angleNames = Object.keys(results[0]?.r.angles ?? {});
  const rows: Cell[][] = [
    ['frames compared', ...col((r) => String(r.frames))],
    ['MPJPE (one global rotation), mm', ...col((r) => num(r.mpjpeM * 1000, 0))],
    ['PA-MPJPE (per frame, with scale), mm', ...col((r) => num(r.paMpjpeM * 1000, 0))],
    ...EVAL_JOINT_NAMES.map((n, j): Cell[] => [`  ${n}, mm`, ...col((r) => num(r.perJointM[j]! * 1000, 0))]),
    ...angleNames.map((n): Cell[] => [
      `${n} MAE / RMS (bias), deg`,
      ...col((r) => {
        const a = r.angles[n as keyof Eval3d['angles']];
        return `${num(a.mae, 1)} / ${num(a.rms, 1)} (${signed(a.bias, 1)})`;
      }),
    ]),
    [
      'MPJPE at lag (ours shifted by n frames), mm',
      ...col((r) => r.lagScan.map((l) => `${signed(l.lag)}: ${num(l.mpjpeM * 1000, 0)}`).join(', ')),
    ],
  ];
  return [
    '### 3D: balance_portrait_60fps_1 against the 4-camera Pose2Sim triangulation',
    mdTable(['measure', ...results.map((x) => x.name)], rows),
  ].join('\n\n');
}

const LEVEL_LETTER: Readonly<Record<string, string>> = {
  beginner: 'B',
  intermediate: 'I',
  advanced: 'A',
  professional: 'P',
};

/** Known groups: every feature's level per labelled stroke, then the share advanced/professional per group. */
export function renderGroups(clips: readonly ClipEvents[], captureApplied: boolean): string {
  const strokes = clips.flatMap((c) => c.strokes.filter((s) => !/ (serve|overhead)$/.test(s.type)).map((s) => ({ c, s })));
  const names = [...new Set(strokes.flatMap(({ s }) => s.features.map((f) => f.name)))];
  const rows = strokes.map(({ c, s }): Cell[] => [
    `${short(c.clip)}#${s.label.contact_frame}`,
    s.group,
    s.type,
    ...names.map((n) => {
      const f = s.features.find((x) => x.name === n);
      return f
        ? `${LEVEL_LETTER[f.level] ?? f.level} ${num(f.value, 2)}`
        : s.leftOut.some((l) => l.name === n)
          ? 'left out'
          : s.failure
            ? 'error'
            : '–';
    }),
  ]);
  const groupLine = (g: string) => {
    const fs = strokes.filter(({ s }) => s.group === g).flatMap(({ s }) => s.features);
    const high = fs.filter((f) => f.level === 'advanced' || f.level === 'professional').length;
    const mean = fs.reduce((a, f) => a + f.score, 0) / fs.length;
    return `${g}: ${ratio(high, fs.length)} features advanced or professional (${pct(high / fs.length)}), mean score ${num(mean, 1)}`;
  };
  const note = captureApplied
    ? 'capture rate applied (capture_fps = fps / slow_motion_factor)'
    : '**capture rate not applied** (the technique metadata has no capture_fps yet): speeds are on the video clock';
  return [
    `### Known groups: feature levels per labelled stroke (B/I/A/P + value; ${note})`,
    mdTable(['stroke', 'group', 'type', ...names], rows),
    `${groupLine('pro')}. ${groupLine('amateur')}. ${groupLine('unknown')} (not in the pro-versus-amateur test). Serves (analysed as "serve": values without levels, main/analysis/technique/README.md) and overheads (only detected: no swing type describes them) are not in this table; "error": the stroke window's analysis ended in an error (Events table).`,
  ].join('\n\n');
}

/** Cut consistency of one stroke: each feature per cut and its spread. */
export function renderCuts(
  title: string,
  columns: readonly string[],
  spreads: readonly FeatureSpread[],
  contacts: readonly (number | null)[],
): string {
  const rows: Cell[][] = spreads.map((s) => [
    s.name,
    s.unit,
    ...s.values.map((v) => num(v, 3)),
    s.unit === 'deg' ? `${num(s.spread, 1)}°` : `${num(s.spread, 3)} (${pct(s.relative, 0)})`,
    s.consistent ? 'yes' : s.consistentWhereMeasured ? 'where measured' : 'no',
    s.levels.map((l) => LEVEL_LETTER[l] ?? (l || '–')).join(' '),
  ]);
  rows.unshift(['ball contact (frame)', '', ...contacts.map((c) => (c === null ? '–' : String(c))), '', '', '']);
  const n = spreads.filter((s) => s.consistent).length;
  const m = spreads.filter((s) => s.consistentWhereMeasured).length;
  const same = spreads.filter((s) => s.sameLevel).length;
  const sameWhere = spreads.filter((s) => s.sameLevelWhereMeasured).length;
  return [
    `### Cut consistency: ${title}`,
    mdTable(['feature', 'unit', ...columns, 'spread', 'within 5° / 10 %', 'level per cut'], rows),
    `${ratio(n, spreads.length)} features within 5° (angles) or 10 % (the rest) over the cuts; ${m} more agree where measured (left out, with the reason, in the cuts that lack what they need). ${ratio(same, spreads.length)} scored at the same level (B/I/A/P) in every cut, ${sameWhere} more in every cut that measures it.`,
  ].join('\n\n');
}

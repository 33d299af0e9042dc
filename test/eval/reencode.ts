/**
 * Repeatability under re-encoding (issue 26: numbers a coach can trust on the next clip): the
 * same footage sent as another file (recompressed, exported at 60 fps with each image twice,
 * half the size) is the same swing, so every difference between the two analyses is the
 * analysis' own noise, not the player's. For each labelled clip and variant the strokes of the
 * two whole-clip runs are matched by contact time, and each scored feature and serve value is
 * compared: the median and largest |difference| per feature and how often its level changed.
 * Pure functions here; the runner (reencode-run.ts) makes the variants and runs the engine.
 */
import type { Stroke } from '../../main/contract/technique-schema.js';
import { mdTable } from './table.js';

/** A way the same footage reaches the app as another file: ffmpeg output options (video only). */
export interface ReencodeVariant {
  id: string;
  /** In words, for the report. */
  title: string;
  /** ffmpeg output options after `-i SOURCE` (before the output path). */
  args: string[];
  /** Only for clips at or below this frame rate (the 60 fps export doubles a ≤ 30 fps clip). */
  maxFps?: number;
}

/**
 * The variants measured (Decided: the three exports a coach's footage most often goes through: a
 * messaging app's recompression, an editor's 60 fps export, a smaller share size). The first and
 * the last keep every frame at its time (`-fps_mode passthrough`): a variable-rate phone clip
 * (pickleball_rally_behind_1) turned constant-rate gains frames and moves contacts by ≈ 0.1 s,
 * which would count as the analysis' noise.
 */
export const REENCODE_VARIANTS: readonly ReencodeVariant[] = [
  { id: 'crf30', title: 'recompressed (x264 CRF 30, same size, frames and times)', args: ['-fps_mode', 'passthrough', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30'] },
  { id: 'dup60', title: 'exported at 60 fps (each image shown twice, x264 CRF 20)', args: ['-r', '60', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20'], maxFps: 31 },
  { id: 'half', title: 'half the size (x264 CRF 23, same frames and times)', args: ['-fps_mode', 'passthrough', '-vf', 'scale=trunc(iw/4)*2:-2', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23'] },
];

/** Farthest two contacts of one stroke in the two runs may lie apart, video seconds (the eval's stroke match, match-strokes.ts). */
export const MATCH_S = 0.15;

/** One value of a stroke in both runs. */
export interface ValuePair {
  name: string;
  unit: string;
  original: number;
  variant: number;
  /** The feature's level in each run; null for an unscored value (serve and dink values). */
  levels: [string, string] | null;
}

/** One stroke found in both runs: the contact shift (ms, variant − original) and its values. */
export interface StrokePair {
  clip: string;
  variant: string;
  contactShiftMs: number;
  values: ValuePair[];
}

/** The values of a stroke: its scored features (with level) and its serve and dink values (unscored). */
function valuesOf(s: Stroke): Map<string, { unit: string; value: number; level: string | null }> {
  const m = new Map<string, { unit: string; value: number; level: string | null }>();
  for (const f of s.features) m.set(f.feature_name, { unit: f.unit ?? '', value: f.value, level: f.level });
  for (const v of [...(s.serve_measures ?? []), ...(s.dink_measures ?? [])]) m.set(v.name, { unit: v.unit, value: v.value, level: null });
  return m;
}

/**
 * The strokes of `original` each paired with the nearest stroke of `variant` by contact time
 * (within {@link MATCH_S}, each used once, nearest pairs first), with the values both measured.
 */
export function pairStrokes(clip: string, variantId: string, original: readonly Stroke[], variant: readonly Stroke[]): StrokePair[] {
  const cands: [number, number, number][] = [];
  original.forEach((a, i) => variant.forEach((b, j) => {
    const d = Math.abs(a.contact.timestamp - b.contact.timestamp);
    if (d <= MATCH_S + 1e-9) cands.push([d, i, j]);
  }));
  cands.sort((x, y) => x[0] - y[0]);
  const [usedA, usedB] = [new Set<number>(), new Set<number>()];
  const out: StrokePair[] = [];
  for (const [, i, j] of cands) {
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    const [a, b] = [original[i]!, variant[j]!];
    const vb = valuesOf(b);
    const values: ValuePair[] = [];
    for (const [name, x] of valuesOf(a)) {
      const y = vb.get(name);
      if (!y) continue;
      values.push({ name, unit: x.unit, original: x.value, variant: y.value, levels: x.level !== null && y.level !== null ? [x.level, y.level] : null });
    }
    out.push({ clip, variant: variantId, contactShiftMs: (b.contact.timestamp - a.contact.timestamp) * 1000, values });
  }
  return out.sort((x, y) => x.contactShiftMs - y.contactShiftMs);
}

/** One value's repeatability over the stroke pairs: count, median and largest |difference|, level changes. */
export interface Repeatability {
  name: string;
  unit: string;
  n: number;
  medianAbs: number;
  maxAbs: number;
  /** Pairs whose level differs, of the pairs with levels (null: an unscored value). */
  levelChanged: [number, number] | null;
}

/** Median of a non-empty list. */
function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Per value name over `pairs`: {@link Repeatability}, ordered by name. */
export function repeatability(pairs: readonly StrokePair[]): Repeatability[] {
  const by = new Map<string, ValuePair[]>();
  for (const p of pairs) for (const v of p.values) by.set(v.name, [...(by.get(v.name) ?? []), v]);
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, vs]) => {
      const d = vs.map((v) => Math.abs(v.variant - v.original));
      const leveled = vs.filter((v) => v.levels);
      return {
        name,
        unit: vs[0]!.unit,
        n: vs.length,
        medianAbs: median(d),
        maxAbs: Math.max(...d),
        levelChanged: leveled.length ? [leveled.filter((v) => v.levels![0] !== v.levels![1]).length, leveled.length] : null,
      };
    });
}

/** The markdown section: per variant, strokes matched of the original's, contact shifts, then the per-value table. */
export function renderRepeatability(rows: { variant: ReencodeVariant; originalStrokes: number; pairs: StrokePair[] }[]): string {
  const out = ['### Repeatability: the same footage as another file (test/eval/reencode.ts)', ''];
  for (const { variant, originalStrokes, pairs } of rows) {
    const shifts = pairs.map((p) => Math.abs(p.contactShiftMs));
    out.push(`**${variant.title}** (\`${variant.id}\`): ${pairs.length}/${originalStrokes} strokes found again within ${MATCH_S} s; |contact shift| median ${shifts.length ? median(shifts).toFixed(0) : '–'} ms, largest ${shifts.length ? Math.max(...shifts).toFixed(0) : '–'} ms.`, '');
    const r = repeatability(pairs);
    out.push(
      mdTable(
        ['value', 'unit', 'strokes', 'median |Δ|', 'largest |Δ|', 'level changed'],
        r.map((x) => [x.name, x.unit, String(x.n), fmt(x.medianAbs), fmt(x.maxAbs), x.levelChanged ? `${x.levelChanged[0]}/${x.levelChanged[1]}` : 'unscored']),
      ),
      '',
    );
  }
  return out.join('\n');
}

/** A difference with the precision its size needs. */
function fmt(x: number): string {
  return Math.abs(x) >= 10 ? x.toFixed(0) : Math.abs(x) >= 1 ? x.toFixed(1) : x.toFixed(2);
}

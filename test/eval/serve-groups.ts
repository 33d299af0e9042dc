/**
 * Issue 28 item 6, known groups on the labelled serves: does a professional's serve (the teaching
 * coach's, `group: pro`) read better than the amateur's on the serve's measured values
 * (`serve_measures`: serve-measures.ts, serve-motion.ts; values without a score), and which
 * values separate the groups and which do not.
 *
 * "Better" needs a direction per value ({@link SERVE_DIRECTIONS}); none of them is a level band.
 * A value separates the groups when every professional serve that measures it reads better than
 * every amateur serve that does; it cannot be compared when either group has no such value (a
 * view that cannot measure it, a hand not seen at contact). Descriptive: one serve per group on
 * the shared clips, filmed from different views.
 */
import { KNEE_REFERENCE } from '../../main/analysis/technique/serve-measures.js';
import { ROTATION_REFERENCES } from '../../main/analysis/technique/serve-motion.js';
import type { ClipEvents } from './report.js';
import type { StrokeOutcome } from './strokes.js';
import { mdTable, num, type Cell } from './table.js';

/** How a value reads better: `higher`, or `nearer` a published reference value (in its unit). */
export type ServeDirection = { kind: 'higher'; why: string } | { kind: 'nearer'; target: number; why: string };

/**
 * The direction of each serve value with a meaning for level (module doc); values absent here
 * (toss_offset, landing_foot_lead, landing_forward: a placement or an order, not a quantity with
 * a better end) are listed as "no direction".
 * - Rotation peaks: higher; the world-class means of Fleisig et al. 2003 (serve-motion.ts
 *   ROTATION_REFERENCES) are named beside them.
 * - Front-knee flexion at the trophy: nearer the pooled mean of the meta-analysis
 *   (serve-measures.ts KNEE_REFERENCE).
 * - Contact height, hand speed, leg drive, shoulder tilt, chain order: higher, decided (reach, the
 *   speed that becomes the ball's, the legs' push, the shoulder-over-shoulder tilt, proximal to
 *   distal); no paper at hand gives them by level.
 */
export const SERVE_DIRECTIONS: Readonly<Record<string, ServeDirection>> = {
  contact_height_ratio: { kind: 'higher', why: 'decided: a higher contact (reach)' },
  hand_speed_at_contact: { kind: 'higher', why: 'decided: the hand speed that becomes the ball’s' },
  front_knee_flexion_at_trophy: { kind: 'nearer', target: KNEE_REFERENCE.mean, why: `nearer ${KNEE_REFERENCE.mean}° (meta-analysis, serve-measures.ts KNEE_REFERENCE)` },
  shoulder_tilt_at_trophy: { kind: 'higher', why: 'decided: more shoulder-over-shoulder tilt' },
  pelvis_rotation_speed_peak: { kind: 'higher', why: `higher (world class ${ROTATION_REFERENCES.pelvis_rotation_speed_peak.mean}°/s, Fleisig et al. 2003)` },
  trunk_rotation_speed_peak: { kind: 'higher', why: `higher (world class ${ROTATION_REFERENCES.trunk_rotation_speed_peak.mean}°/s, Fleisig et al. 2003)` },
  kinetic_chain_order: { kind: 'higher', why: 'decided: a positive gap is proximal to distal' },
  leg_drive_hip_speed: { kind: 'higher', why: 'decided: the legs’ upward push' },
};

/** One serve value across the groups: each group's values and whether they separate. */
export interface ServeGroupRow {
  name: string;
  unit: string;
  direction: ServeDirection | null;
  pro: number[];
  amateur: number[];
  /** true: every pro value reads better than every amateur one; false: not; null: not comparable (a group without a value, or no direction). */
  separates: boolean | null;
}

/** How good value `v` reads under direction `d`: larger is better. */
function goodness(d: ServeDirection, v: number): number {
  return d.kind === 'higher' ? v : -Math.abs(v - d.target);
}

/** The rows of the table from the labelled tennis serves of the pro and amateur groups (`unknown` left out), one per value name seen, in first-seen order. */
export function serveGroupRows(strokes: readonly StrokeOutcome[]): ServeGroupRow[] {
  const serves = strokes.filter((s) => s.type === 'tennis serve' && (s.group === 'pro' || s.group === 'amateur'));
  const names = [...new Set(serves.flatMap((s) => s.serveMeasures.map((m) => m.name)))];
  return names.map((name) => {
    const values = (g: string) => serves.filter((s) => s.group === g).flatMap((s) => s.serveMeasures.filter((m) => m.name === name).map((m) => m.value));
    const [pro, amateur] = [values('pro'), values('amateur')];
    const direction = SERVE_DIRECTIONS[name] ?? null;
    const unit = serves.flatMap((s) => s.serveMeasures).find((m) => m.name === name)!.unit;
    const separates =
      direction && pro.length && amateur.length
        ? Math.min(...pro.map((v) => goodness(direction, v))) > Math.max(...amateur.map((v) => goodness(direction, v)))
        : null;
    return { name, unit, direction, pro, amateur, separates };
  });
}

/** The markdown section (module doc). */
export function renderServeGroups(clips: readonly ClipEvents[]): string {
  const strokes = clips.flatMap((c) => c.strokes);
  const rows = serveGroupRows(strokes);
  const of = (g: string) => clips.flatMap((c) => c.strokes.filter((s) => s.type === 'tennis serve' && s.group === g).map((s) => `${c.clip.replace(/\.mp4$/, '')}#${s.label.contact_frame}${s.view ? ` (${s.view})` : ''}`));
  const [pros, amateurs] = [of('pro'), of('amateur')];
  const vals = (v: number[]) => (v.length ? v.map((x) => num(x, 2)).join(', ') : 'not measured');
  const table: Cell[][] = rows.map((r) => [
    r.name,
    r.unit,
    r.direction ? r.direction.why : 'no direction (a placement or an order)',
    vals(r.pro),
    vals(r.amateur),
    r.separates === null ? 'not comparable' : r.separates ? 'yes' : 'no',
  ]);
  const compared = rows.filter((r) => r.separates !== null);
  const yes = compared.filter((r) => r.separates).map((r) => r.name);
  const no = compared.filter((r) => !r.separates).map((r) => r.name);
  return [
    '### Issue 28: known groups on the labelled serves (serve_measures; values without a score)',
    mdTable(['value', 'unit', 'reads better', 'pro', 'amateur', 'pro better'], table),
    `Pro serves: ${pros.join(', ') || 'none'}. Amateur serves: ${amateurs.join(', ') || 'none'}. Every pro serve reads better than every amateur one on ${yes.length} of the ${compared.length} values both groups measure${yes.length ? ` (${yes.join(', ')})` : ''}; not on ${no.length ? no.join(', ') : 'none'}. ${pros.length} pro and ${amateurs.length} amateur serves, filmed from different views: a description, not a test of level.`,
  ].join('\n\n');
}

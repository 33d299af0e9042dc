/**
 * The swing type of a detected stroke (contract `Stroke.swing_type`), from the side the stroke
 * detector called (strokes/strokes.ts: forehand, backhand, or serve = hand above the head before
 * contact), the sport and, for the pickleball serve and the dink, the pose at contact. The swing
 * types are API.md's two drives and our extension `serve`, `dink` (contract technique-names.ts).
 *
 * Decided, per sport:
 * - tennis: serve side → `serve` (overheads too: the detector cannot tell them apart, README.md
 *   "Strokes"); forehand → `forehand_drive`; backhand → `backhand_drive`.
 * - pickleball: serve side (hand above the head) → none: the pickleball serve is underhand by rule
 *   (USA Pickleball Official Rulebook 4.A: contact below the waist), so a stroke with the hand above
 *   the head is an overhead, which has no swing type. The underhand serve itself looks like an
 *   underhand forehand to the pose; it is told only by its place: the clip's first forehand-side
 *   stroke, its wrist not seen above the waist at contact ({@link belowWaist}), and only when
 *   serves are asked for (a clip that starts mid-rally has a drive first). Forehand-side since
 *   2026-11-29 (was: the first stroke): the serve's own take-back reads as a backhand swing
 *   before it (Parkvr/pickleball-shot-classifier @ 955d008 `videos/20.mp4` at 153 and
 *   `videos/22.mp4` at 152, 23 and 8 frames before the annotated serves at 176 and 160; the third
 *   annotated first serve, `videos/15.mp4` at 69, and pickleball_rally_behind_1's at 53 are
 *   first strokes either way). Decided: a backhand serve, legal but rare, is not told. A dink:
 *   {@link isDink}. Every other stroke is a drive of its side.
 * - none (another sport): the drives of their side; a serve side has no type.
 * A stroke whose side no rule could call (`sideBasis` none) takes the requested type, as before.
 *
 * Decided: a drive request still picks its strokes by side (forehand or backhand, dinks included,
 * as before this extension), so the drive analyses of pickleball clips are unchanged; a serve or
 * dink request picks the strokes of that type ({@link matchesRequest}).
 */
import type { Sport, StrokeSide, SwingType } from '../contract/technique-schema.js';
import { J } from '../pose/h36m.js';
import { joint2, type PosePair } from './core/index.js';

/**
 * Highest peak hand speed of a dink, m/s on the analysis clock (the detector's `peakHandSpeed`,
 * within ±0.15 s of contact). Chosen leave-one-clip-out on the 8 labelled pickleball strokes the
 * detector finds in 4 clips (engine poses of 2026-11-26/27): the detected dinks peak at 1.8, 3.7,
 * 4.2 and 4.9 m/s, the drives at 7.6 and 9.5, the volley at 6.6, the underhand serve at 5.6; the
 * threshold is the midpoint between the fastest dink and the slowest other stroke of the other
 * clips (per left-out clip 5.3, 4.9, 6.3, 5.3 m/s), and by speed alone it types 7 of the 8 left-out
 * strokes right (the broadcast dink at 4.9 m/s is not). On all clips: 5.3.
 */
export const DINK_MAX_PEAK_MPS = 5.3;

/**
 * Height of the waist between the hip centre and the thorax in the picture, as a share of that
 * distance: the navel lies about a fifth of the way from the hip joint centre to the base of the
 * neck (anthropometric estimate, ours; the hip joint centre itself is below the belt line).
 */
export const WAIST_SHARE = 0.2;

/** What {@link strokeSwingType} reads of a stroke. */
export interface TypedStroke {
  side: StrokeSide;
  sideBasis: string;
  /** Peak hand speed around contact, m/s. */
  peakHandSpeed: number;
  /** Contact sample of `pair`. */
  index: number;
}

/** The clip a stroke is typed in: its pose (the detector's pair), hitting hand, sport, requested type, and whether the stroke is the clip's first forehand-side stroke (the pickleball serve's place, module doc). */
export interface StrokeTypeContext {
  pair: PosePair;
  hand: 'left' | 'right';
  sport: Sport;
  requested: SwingType;
  first: boolean;
}

/** The swing type of a detector side alone (no pose evidence): tennis serve side → serve; a drive side → its drive; else null. */
export function sideSwingType(side: StrokeSide, sport: Sport): SwingType | null {
  if (side === 'serve') return sport === 'tennis' ? 'serve' : null;
  return side === 'forehand' ? 'forehand_drive' : 'backhand_drive';
}

/** The swing type of stroke `s` (module doc), null when none fits (a pickleball overhead). */
export function strokeSwingType(s: TypedStroke, c: StrokeTypeContext): SwingType | null {
  if (s.sideBasis === 'none') return c.requested;
  if (c.sport !== 'pickleball' || s.side === 'serve') return sideSwingType(s.side, c.sport);
  const low = belowWaist(c.pair, s.index, c.hand);
  // The wrist is often hidden in front of the body at a serve filmed from behind (pickleball_rally_behind_1 frame 53): only a wrist seen above the waist rules the serve out.
  if (c.requested === 'serve' && c.first && low !== false) return 'serve';
  if (isDink(s, low)) return 'dink';
  return sideSwingType(s.side, c.sport);
}

/**
 * A dink: contact below the waist and a peak hand speed under {@link DINK_MAX_PEAK_MPS}. Both
 * from the pose; the kitchen line itself is not located (no court model), so a soft low stroke
 * far from the net also reads as a dink. Unknown waist (joints unmeasured) → not a dink.
 */
export function isDink(s: Pick<TypedStroke, 'peakHandSpeed'>, low: boolean | null): boolean {
  return low === true && s.peakHandSpeed < DINK_MAX_PEAK_MPS;
}

/**
 * True when the hitting wrist is below the waist at sample f in the picture (y down; the waist
 * at {@link WAIST_SHARE} of the way from the pelvis to the thorax), null when a joint is unmeasured.
 */
export function belowWaist(p: PosePair, f: number, hand: 'left' | 'right'): boolean | null {
  const w = joint2(p, f, hand === 'right' ? J.rightWrist : J.leftWrist);
  const pel = joint2(p, f, J.pelvis);
  const th = joint2(p, f, J.thorax);
  if (!w || !pel || !th) return null;
  return w[1] > pel[1] + WAIST_SHARE * (th[1] - pel[1]);
}

/** Whether a stroke of `side` typed `type` is analysed for a request of `requested` (module doc: drives by side, serve and dink by type). */
export function matchesRequest(side: StrokeSide, type: SwingType | null, requested: SwingType): boolean {
  if (requested === 'forehand_drive') return side === 'forehand' || type === 'forehand_drive';
  if (requested === 'backhand_drive') return side === 'backhand' || type === 'backhand_drive';
  return type === requested;
}

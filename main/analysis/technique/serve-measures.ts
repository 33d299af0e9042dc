/**
 * Measured values of a tennis serve at its events (serve-phases.ts), reported without a score
 * (issue 28 item 3): `result.serve_measures` and the serve stroke's `serve_measures` (our
 * extension, contract ServeMeasure).
 *
 * Decided: no value here gets a level band yet. A band must cite the table or figure of a
 * measurement paper it comes from; the serve studies we know (Fleisig, Nicholls, Elliott &
 * Escamilla 2003, Sports Biomechanics 2(1):51–64: world-class players at the Sydney 2000 Olympics;
 * Reid, Elliott & Alderson 2008; Whiteside et al. 2013; Kovacs & Ellenbecker 2011) either report
 * only elite means, measure at other instants (Fleisig 2003: trunk 48° above horizontal at
 * impact, not at the trophy position) or were not at hand to check the table; so each value
 * carries `band: null` and the reason, and is not scored. Each value names the view it needs.
 * Searched again for numbers by level (issue 28 item 3): the level-comparing serve studies found
 * (Girard, Micallef & Millet 2007, J Strength Cond Res 21(3):950–957: beginner, intermediate,
 * elite; Liang et al. 2023, Front. Physiol., doi:10.3389/fphys.2023.1125240: three college levels;
 * national vs provincial female players, PeerJ 2024, peerj.com/articles/18410) report, in the text
 * at hand (abstracts), other quantities (ball speed, ground reaction force, impact location
 * without its numbers, joint ranges per phase, plane angles at the least knee flexion), none of
 * ours at our instants: still no band.
 *
 * - `contact_height_ratio` (ratio): at contact, the hitting wrist's height above the lower ankle
 *   in the 3D pose (metres, scaled to the player's height), ÷ the player's height. A reach
 *   measure: the racket and ball are higher, and in a jump the ankle is off the ground. Any view
 *   (the lift's scale comes from the given height).
 * - `front_knee_flexion_at_trophy` (deg): 180° − the hip–knee–ankle angle (3D) of the front leg
 *   (the non-dominant side's) at the trophy position. Side views see it best; front and behind
 *   views rely on the lift's depth. Reference (not a band: pooled over levels): 64.5 ± 9.7°, the
 *   meta-analysis of {@link KNEE_REFERENCE}'s source (its abstract; trunk inclination at the trophy
 *   position, 25.0 ± 7.1° there, is not used: the abstract does not define its plane).
 * - `shoulder_tilt_at_trophy` (deg): the shoulder line's angle to the horizontal in the picture at
 *   the trophy position, hitting shoulder below (+). Front and behind views only: side-on, the
 *   shoulders overlap.
 * - `hand_speed_at_contact` (m/s): the hitting wrist's 3D speed relative to the pelvis at contact
 *   (kinematics.ts handSpeed), on the analysis clock (real time only with the capture rate of a
 *   slowed clip), the highest within ±{@link CONTACT_SPAN_S} of the contact when the clock is
 *   given. Any view. Left out when the hitting hand is not measured around contact
 *   ({@link handUnseenReason}).
 */
import type { LeftOutFeature, ServeMeasure } from '../../contract/technique-schema.js';
import { J } from '../../pose/h36m.js';
import { angleAt, joint2, joint3, type PosePair, type Vec3 } from '../core/index.js';

/**
 * The published front-knee flexion at the trophy position: mean ± SD pooled over the studies of a
 * systematic review and meta-analysis (its abstract), all levels together, so a reference and not
 * a level band.
 */
export const KNEE_REFERENCE = {
  mean: 64.5,
  sd: 9.7,
  source:
    'Kinematics characteristics of key point of interest during tennis serve among tennis players: a systematic review and meta-analysis, Front. Sports Act. Living 2024, doi:10.3389/fspor.2024.1432030 (abstract: front knee flexion at trophy position 64.5 ± 9.7°, 27 studies)',
} as const;

/** Why no measure has a band (module doc). */
export const NO_BAND_REASON = 'no level band: no measurement paper at hand gives this value by level at this instant';

/** What {@link serveMeasures} reads: the pose pair, hitting hand, player height (m), the hand speed series (m/s), the contact and trophy samples, and their video frame numbers. */
export interface ServeMeasureInput {
  p: PosePair;
  hand: 'left' | 'right';
  heightM: number;
  handSpeed: ArrayLike<number>;
  contact: number;
  trophy: number | undefined;
  /** The analysis clock, s (one per sample); with it the hand's speed is the highest within ±{@link CONTACT_SPAN_S} of contact, else the contact sample's. */
  t?: ArrayLike<number>;
  /**
   * False when the hitting hand is not measured around contact (phases.ts `contact.handMeasured`:
   * every sample from two before to two after): the hand's speed is then left out
   * ({@link handUnseenReason}). Default true.
   */
  handMeasured?: boolean;
}

/**
 * Why a value read from the hitting hand's speed at contact is left out when the hand is not
 * measured there: the speed on both sides of an unseen stretch is a bridge, not a measurement
 * (the unseen clip sudha_serve, 2026-11-27: hand unseen 253–281 before contact at 283 read
 * "1.10 m/s" for a serve). `frame` is the contact's video frame.
 */
export function handUnseenReason(frame: number): string {
  return `the hitting hand is not seen around ball contact (frame ${frame}), so its speed there is not measured`;
}

/**
 * Half the span around the serve's contact over which its hand speed is read, s: the highest
 * speed within ± 2 frames at 30 fps (the eval's contact tolerance; the serve's contact, the
 * wrist's top, is known to that). Decided (not fitted) after `npm run eval:reencode` (2026-11-27):
 * the hand slows by half within two frames after its peak (tennis_serve_amateur_1: 8.9 → 5.3 →
 * 3.7 m/s at 32-34), so the speed read at one contact frame moved by 2.4-5.6 m/s when the same
 * serves were recompressed, exported at 60 fps or halved in size, as the contact moved a frame.
 */
export const CONTACT_SPAN_S = 2 / 30;

/** The highest finite speed within ± {@link CONTACT_SPAN_S} of sample `c` on clock `t` (the sample's own without a clock). */
function speedNearContact(speed: ArrayLike<number>, c: number, t: ArrayLike<number> | undefined): number {
  if (!t) return speed[c] ?? NaN;
  let best = NaN;
  for (let i = 0; i < speed.length; i++) {
    const v = speed[i]!;
    if (Math.abs(t[i]! - t[c]!) <= CONTACT_SPAN_S + 1e-9 && Number.isFinite(v) && !(v <= best)) best = v;
  }
  return best;
}

const r = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * A hand's height as a share of the player's height: the wrist's height above the lower of the
 * ankles (3D pose, metres, y up) ÷ `heightM`; NaN without an ankle or a height. The serve's and
 * the dink's contact height (dink-measures.ts).
 */
export function handHeightShare(wrist: Vec3, ankles: readonly Vec3[], heightM: number): number {
  if (ankles.length === 0 || !(heightM > 0)) return NaN;
  return (wrist[1] - Math.min(...ankles.map((a) => a[1]))) / heightM;
}

/** The coach's name of `hand_speed_at_contact`. */
export const HAND_SPEED_HUMAN = 'Hand speed at contact';

/** The measures read at the trophy position: name → the coach's name of it. */
export const TROPHY_MEASURES: Readonly<Record<string, string>> = {
  front_knee_flexion_at_trophy: 'Front-knee bend at the trophy position',
  shoulder_tilt_at_trophy: 'Shoulder tilt at the trophy position',
};

/**
 * The trophy-position measures that `measured` (names) lacks, each with its reason: `noTrophy`
 * (why no trophy position was found: serve-phases.ts `ServePhases.unmeasured`) when given, else
 * its joints were not measured at the trophy position (video frame `trophyFrame`).
 */
export function trophyLeftOut(measured: ReadonlySet<string>, noTrophy: string | undefined, trophyFrame: number | undefined): LeftOutFeature[] {
  const why = noTrophy ? `no trophy position: ${noTrophy}` : trophyFrame !== undefined ? `its joints are not measured at the trophy position (frame ${trophyFrame})` : 'no trophy position was found';
  return Object.entries(TROPHY_MEASURES)
    .filter(([name]) => !measured.has(name))
    .map(([feature_name, human]) => ({ feature_name, feature_human_readable_name: human, reason: why }));
}

/** The serve's measures (module doc); a value whose joints are unmeasured at its frame is left out. */
export function serveMeasures(x: ServeMeasureInput): ServeMeasure[] {
  const { p, contact: c } = x;
  const frame = (i: number) => p.pose3d.frameNr[i] ?? i;
  const [wrist, frontHip, frontKnee, frontAnkle] =
    x.hand === 'right' ? [J.rightWrist, J.leftHip, J.leftKnee, J.leftAnkle] : [J.leftWrist, J.rightHip, J.rightKnee, J.rightAnkle];
  const [hitShoulder, otherShoulder] = x.hand === 'right' ? [J.rightShoulder, J.leftShoulder] : [J.leftShoulder, J.rightShoulder];
  const out: ServeMeasure[] = [];
  const add = (name: string, human: string, value: number, unit: string, i: number, view: string, reference?: ServeMeasure['reference']) => {
    if (Number.isFinite(value)) out.push({ name, human, value, unit, frame_nr: frame(i), band: null, note: `${NO_BAND_REASON}; ${view}`, ...(reference ? { reference } : {}) });
  };
  const w = joint3(p, c, wrist);
  const ankles = [joint3(p, c, J.leftAnkle), joint3(p, c, J.rightAnkle)].filter((a) => a !== null);
  if (w) add('contact_height_ratio', 'Hand height at contact (share of body height)', r(handHeightShare(w, ankles, x.heightM), 2), 'ratio', c, 'any view');
  if (x.handMeasured !== false) add('hand_speed_at_contact', HAND_SPEED_HUMAN, r(speedNearContact(x.handSpeed, c, x.t), 1), 'm/s', c, x.t ? 'any view; the highest within ±0.07 s of contact' : 'any view');
  const t = x.trophy;
  if (t !== undefined) {
    const [h, k, a] = [joint3(p, t, frontHip), joint3(p, t, frontKnee), joint3(p, t, frontAnkle)];
    if (h && k && a) add('front_knee_flexion_at_trophy', TROPHY_MEASURES.front_knee_flexion_at_trophy!, r(180 - angleAt(h, k, a), 0), 'deg', t, 'best seen side-on', { ...KNEE_REFERENCE });
    const [hs, os] = [joint2(p, t, hitShoulder), joint2(p, t, otherShoulder)];
    if (hs && os) {
      // Picture y is down: the hitting shoulder lower than the other is a positive tilt.
      const tilt = (Math.atan2(hs[1] - os[1], Math.abs(hs[0] - os[0])) * 180) / Math.PI;
      add('shoulder_tilt_at_trophy', TROPHY_MEASURES.shoulder_tilt_at_trophy!, r(tilt, 0), 'deg', t, 'front or behind views (side-on the shoulders overlap)');
    }
  }
  return out;
}

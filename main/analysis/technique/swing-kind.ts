/**
 * What the technique analysis does differently for our extended swing types (contract
 * technique-names.ts: `serve`, `dink`): which features it scores, and, for a tennis serve, the
 * serve's events and 8 stages (serve-phases.ts) in the output's shape.
 *
 * Decided: the 13 features are drive features; their bands come from forehand studies and drive
 * coaching (references.ts), so they describe neither a serve nor a dink. A serve or dink is
 * analysed for its events (and, for the tennis serve, its stages) and its kinetic-chain series,
 * and every drive feature is listed in `features_left_out` with that reason; serve and dink
 * features with their own sourced bands are issue 28 items 3 and 5.
 */
import type { CameraViewName, FeatureEvent, LeftOutFeature, ServeMeasure, ServeStage, SwingType, Sport } from '../../contract/technique-schema.js';
import { warning, type Warning } from '../../contract/warning.js';
import type { FeatureDef } from './feature-types.js';
import type { BallBlob } from '../../pose/ball-candidates.js';
import type { Kinematics, PosePair } from '../core/index.js';
import type { SwingPhases } from './phases.js';
import { findServePhases, type ServeEventName } from './serve-phases.js';
import { HAND_SPEED_HUMAN, handUnseenReason, serveMeasures, trophyLeftOut } from './serve-measures.js';
import { VIEW_BLIND_FEATURES } from './camera-view.js';
import { serveMotion } from './serve-motion.js';

/** True for the swing types the drive features describe (API.md's two). */
export function scoresDriveFeatures(swingType: SwingType): boolean {
  return swingType === 'forehand_drive' || swingType === 'backhand_drive';
}

/**
 * The drive features left out of a serve or dink analysis (module doc): one `features_left_out`
 * entry each, and one info warning (code 'drive-features-not-scored') for them all.
 */
export function leaveOutDriveFeatures(defs: readonly FeatureDef[], swingType: SwingType, warnings: Warning[], leftOut: LeftOutFeature[]): void {
  const what = swingType === 'serve' ? 'a serve' : 'a dink';
  for (const d of defs) {
    leftOut.push({ feature_name: d.name, feature_human_readable_name: d.human, reason: `a drive feature: its ranges come from drive studies and do not describe ${what}` });
  }
  warnings.push(
    warning('drive-features-not-scored', 'info', `Drive features are not scored for ${what}; its swing events are shown.`, {
      detail: `${defs.length} drive features left out: their ranges describe forehand and backhand drives, not ${what}`,
    }),
  );
}

/** The serve's events (FeatureEvent, in time order), stages (contract ServeStage) and unscored measures (serve-measures.ts, serve-motion.ts) of one stroke, in video frames and video seconds, and the serve values left out with their reasons. */
export interface ServeOutput {
  events: FeatureEvent[];
  stages: ServeStage[];
  measures: ServeMeasure[];
  leftOut: LeftOutFeature[];
}

/**
 * The serve output of a stroke analysed as `swingType` in `sport`, null unless a tennis serve
 * (the 8-stage model describes the overhead tennis serve, not pickleball's underhand one).
 * Each event's confidence is the contact's (events are searched from contact); `ball_contact`
 * and `follow_through` are the swing's own events, passed in as `own`.
 * @param x the pose pair, its samples' times on the analysis clock (`t`, s) and on the video timeline
 *   (`videoT`, s), the hitting hand's speed (m/s), the hitting hand, the player's height (m), the swing's phases and its own events,
 *   the kinematics (`k`), the camera view around contact and the ball blobs at a sample (serve-motion.ts).
 */
export function serveOutput(
  sport: Sport,
  swingType: SwingType,
  x: { p: PosePair; t: ArrayLike<number>; videoT: ArrayLike<number>; handSpeed: ArrayLike<number>; hand: 'left' | 'right'; heightM: number; phases: SwingPhases; own: readonly FeatureEvent[]; k: Kinematics; view?: CameraViewName | undefined; ballAt?: ((i: number) => BallBlob[]) | undefined },
): ServeOutput | null {
  if (sport !== 'tennis' || swingType !== 'serve') return null;
  const ph = findServePhases({ p: x.p, t: x.t, handSpeed: x.handSpeed, hand: x.hand, contact: x.phases.contact.index, followThrough: x.phases.followThroughEnd.index });
  const frame = (i: number) => x.p.pose3d.frameNr[i] ?? i;
  const at = (name: string, i: number): FeatureEvent => ({ name, timestamp: x.videoT[i]!, frame_nr: frame(i), confidence: x.phases.contact.confidence });
  const named: ServeEventName[] = ['toss_release', 'trophy_position', 'racket_low_point', 'landing'];
  const events = [
    ...x.own.filter((e) => e.name === 'ball_contact' || e.name === 'follow_through'),
    ...named.flatMap((n) => (ph.events[n] !== undefined ? [at(n, ph.events[n])] : [])),
  ].sort((a, b) => a.frame_nr - b.frame_nr);
  const stages = ph.stages.map((st) => ({
    name: st.name,
    from_frame: frame(st.from),
    to_frame: frame(st.to),
    from_timestamp: x.videoT[st.from]!,
    to_timestamp: x.videoT[st.to]!,
  }));
  const measures = serveMeasures({ p: x.p, hand: x.hand, heightM: x.heightM, handSpeed: x.handSpeed, contact: x.phases.contact.index, trophy: ph.events.trophy_position, t: x.t, handMeasured: x.phases.contact.handMeasured });
  const handOut = x.phases.contact.handMeasured ? [] : [{ feature_name: 'hand_speed_at_contact', feature_human_readable_name: HAND_SPEED_HUMAN, reason: handUnseenReason(frame(x.phases.contact.index)) }];
  const motion = serveMotion({ p: x.p, k: x.k, phases: x.phases, events: ph.events, hand: x.hand, view: x.view, ballAt: x.ballAt });
  // Values the stroke's view cannot read are left out with the reason (camera-view.ts VIEW_BLIND_FEATURES).
  const blind: Readonly<Record<string, string>> = x.view ? VIEW_BLIND_FEATURES[x.view] : {};
  const unseen = measures.filter((m) => blind[m.name] !== undefined);
  const leftOut = unseen.map((m) => ({ feature_name: m.name, feature_human_readable_name: m.human, reason: blind[m.name]! }));
  // A trophy-position value not measured is left out with its reason (no trophy position, or its joints unseen there).
  const lowWhy = ph.unmeasured.racket_low_point;
  const noTrophy = ph.unmeasured.trophy_position ?? (lowWhy && `the racket-low point, which ends its search, was not found (${lowWhy})`);
  const trophyAt = ph.events.trophy_position;
  const trophyOut = trophyLeftOut(new Set(measures.map((m) => m.name)), noTrophy, trophyAt === undefined ? undefined : frame(trophyAt)).filter((o) => blind[o.feature_name] === undefined);
  return { events, stages, measures: [...measures.filter((m) => blind[m.name] === undefined), ...motion.measures], leftOut: [...leftOut, ...handOut, ...trophyOut, ...motion.leftOut] };
}

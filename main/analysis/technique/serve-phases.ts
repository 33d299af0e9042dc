/**
 * The stages and events of a tennis serve, after the 8-stage model of Kovacs & Ellenbecker 2011
 * ("An 8-Stage Model for Evaluating the Tennis Serve: Implications for Performance Enhancement
 * and Injury Prevention", Sports Health 3(6):504–513): start, release, loading and cocking
 * (preparation), acceleration and contact, deceleration and finish. The paper defines the stages
 * by what the body does; it gives no rule for finding them in a pose. The rules below are ours,
 * each read on the 2D pose (picture y down, so they need no depth) of the H36M-17 joints:
 *
 * - **serve start** (start → release): the tossing (non-dominant) wrist at its lowest relative to
 *   the pelvis before the toss: the tossing arm starts to rise.
 * - **toss_release** (release → loading): the tossing wrist's fastest rise (picture speed relative
 *   to the pelvis), between the serve start and the tossing wrist's highest point, at least
 *   {@link MIN_RELEASE_LEAD_S} before contact. The ball leaves the hand once the hand slows down
 *   faster than gravity slows the ball, i.e. just after the hand's peak upward speed; the ball
 *   itself is not tracked here. On the labelled amateur serve it gives frame 16–17, where the
 *   label has the released ball tracked from frame 16; the highest hand (frame 24) is 8 frames late.
 * - **racket_low_point** (cocking → acceleration): within the last {@link RACKET_LOW_WINDOW_S}
 *   before contact, the hitting wrist at its lowest relative to the hitting elbow: the forearm
 *   hangs down behind the back (the lay-back), the measurable proxy of the shoulder's maximal
 *   external rotation that ends the cocking stage. The wrist's height alone does not show it from
 *   behind (the hand drops back in depth), the forearm's direction does.
 * - **trophy_position** (loading → cocking): between the toss release and the racket-low point,
 *   the hitting hand's slowest measured moment (3D hand speed): the pause with both arms up before the
 *   racket drops (the "trophy" pose that ends the loading stage).
 * - **ball_contact**: the stroke detector's contact (strokes.ts), unchanged.
 * - **follow_through** (deceleration → finish): the swing's follow-through end (phases.ts: the
 *   hand slowed to a fifth of its contact speed).
 * - **landing**: when the lower ankle at contact is above its standing level (median over the
 *   first {@link STANDING_S} of the serve) by more than {@link GROUND_TOLERANCE} of the standing
 *   body height in the picture (a jump), the first sample after contact at which that ankle has
 *   come down by the tolerance from its highest point after contact and stops descending (the
 *   next sample is no lower by more than {@link LANDING_JITTER} of the body height). The foot
 *   lands inside the court, not where it stood, so the standing level itself is not the target.
 *   No jump, no landing event.
 *
 * The racket-low point and the trophy position are left out, with the reason in words
 * (`ServePhases.unmeasured`), when the joints their rule reads are measured in fewer than
 * {@link MIN_EVENT_MEASURED} of their search window's samples: a window seen only at its edges
 * would put the event at an edge. (The toss release's window reaches back over the ball bounces
 * before the serve, where the tossing hand may well be hidden; its rule needs only the rise.)
 *
 * Views: every rule reads picture heights, so it needs a camera roughly level with the player
 * (front, side, behind); from above (an overhead drone) heights collapse and the events are not
 * meaningful. The tossing wrist is hidden behind the head in some behind views and the hitting
 * wrist behind the back in front views: an event whose joints are unmeasured in its whole
 * search window is left out, and the stage boundaries fall back to their neighbours.
 */
import { J } from '../../pose/h36m.js';
import { joint2, median, type PosePair } from '../core/index.js';

/** How far before contact the serve is searched, seconds of the analysis clock (release to contact ≈ 0.6–1.1 s in the labelled serves; the ball bounce before it). Ours. */
export const SERVE_WINDOW_S = 2.5;
/** Closest the toss release may lie to contact, seconds (the labelled amateur serve: 0.57 s; a release closer to contact is the arm's pull-down). Ours. */
export const MIN_RELEASE_LEAD_S = 0.3;
/** How far before contact the racket-low point is searched, seconds (the lay-back comes 0.05–0.15 s before contact in the labelled serves; the racket drop starts ≈ 0.2 s before contact in the coach's). Ours. */
export const RACKET_LOW_WINDOW_S = 0.3;
/** How long after contact the landing is searched, seconds. Ours. */
export const LANDING_WINDOW_S = 1.0;
/** Stretch at the serve's start whose lower-ankle height is the standing level, seconds. Ours. */
export const STANDING_S = 0.3;
/** Ankle rise that counts as off the ground, share of the standing body height in the picture (≈ 5 cm for 1.8 m). Ours. */
export const GROUND_TOLERANCE = 0.03;
/** Descent between two samples still counted as standing still at the landing, share of the body height in the picture (≈ 1 cm; keypoint jitter). Ours. */
export const LANDING_JITTER = 0.005;

/**
 * Least share of an event's search window in which its joints are measured (module doc). Decided,
 * not fitted: half. Seen on a clip the analysis was not tuned on (christinathr2000/TennisCoach
 * @ 5854d26, AlphaPose/input/video012.mp4, a side-on pro serve at 25 fps): the hitting wrist was
 * measured in 2 of the 28 samples between the toss release and the racket-low point, both at the
 * toss, so the trophy position fell on the toss and the front-knee bend was read there.
 */
export const MIN_EVENT_MEASURED = 0.5;

/** The 8 stages of Kovacs & Ellenbecker 2011, in order. */
export const SERVE_STAGE_NAMES = ['start', 'release', 'loading', 'cocking', 'acceleration', 'contact', 'deceleration', 'finish'] as const;
/** One of {@link SERVE_STAGE_NAMES}. */
export type ServeStageName = (typeof SERVE_STAGE_NAMES)[number];

/** Names of the serve's events (module doc), in time order. */
export type ServeEventName = 'serve_start' | 'toss_release' | 'trophy_position' | 'racket_low_point' | 'ball_contact' | 'landing' | 'follow_through';

/** What {@link findServePhases} reads: the pose on the analysis clock, its times (s), the hitting hand's 3D speed (m/s, kinematics.ts handSpeed), the hitting hand, and the contact and follow-through samples already found. */
export interface ServeInput {
  p: PosePair;
  t: ArrayLike<number>;
  handSpeed: ArrayLike<number>;
  hand: 'left' | 'right';
  contact: number;
  followThrough: number;
}

/** A serve's events (sample index; absent when unmeasured or, for the landing, no jump) and its 8 stages as sample ranges. */
export interface ServePhases {
  events: Partial<Record<ServeEventName, number>>;
  /** Why an event is absent although its window lies in the clip: its joints measured in too few samples (module doc), in words. */
  unmeasured: Partial<Record<ServeEventName, string>>;
  stages: { name: ServeStageName; from: number; to: number }[];
}

/** Picture y (down) of joint j at f, NaN when unmeasured. */
function y(p: PosePair, f: number, j: number): number {
  return joint2(p, f, j)?.[1] ?? NaN;
}

/** The sample of [a, b] with the largest finite `score(f)`, null when none is finite. */
function argBest(a: number, b: number, score: (f: number) => number): number | null {
  let best: number | null = null;
  let v = -Infinity;
  for (let f = a; f <= b; f++) {
    const s = score(f);
    if (Number.isFinite(s) && s > v) [best, v] = [f, s];
  }
  return best;
}

/** First sample with time ≥ t0 (s), searching [0, n). */
export function firstAt(t: ArrayLike<number>, t0: number): number {
  let i = 0;
  while (i < t.length - 1 && t[i]! < t0 - 1e-9) i++;
  return i;
}

/** Last sample with time ≤ t0. */
function lastAt(t: ArrayLike<number>, t0: number): number {
  let i = t.length - 1;
  while (i > 0 && t[i]! > t0 + 1e-9) i--;
  return i;
}

/**
 * The serve's events and stages (module doc). Events are in time order by construction: each one
 * is searched inside the window its neighbours leave.
 */
export function findServePhases(s: ServeInput): ServePhases {
  const { p, t, contact: c } = s;
  const toss = s.hand === 'right' ? J.leftWrist : J.rightWrist;
  const [hit, elbow] = s.hand === 'right' ? [J.rightWrist, J.rightElbow] : [J.leftWrist, J.leftElbow];
  const a = firstAt(t, t[c]! - SERVE_WINDOW_S);
  const tossAbovePelvis = (f: number) => y(p, f, J.pelvis) - y(p, f, toss);
  const wristBelowElbow = (f: number) => y(p, f, hit) - y(p, f, elbow);
  const unmeasured: ServePhases['unmeasured'] = {};
  // Null (and the reason noted) when the joints of `read` are measured in too few samples of [from, to].
  const seen = (name: ServeEventName, from: number, to: number, read: (f: number) => number, what: string): boolean => {
    let n = 0;
    for (let f = from; f <= to; f++) if (Number.isFinite(read(f))) n++;
    if (to < from || n >= MIN_EVENT_MEASURED * (to - from + 1)) return true;
    unmeasured[name] = `the ${what} was measured in ${n} of the ${to - from + 1} frames where it is looked for`;
    return false;
  };
  const releaseEnd = Math.min(c - 1, lastAt(t, t[c]! - MIN_RELEASE_LEAD_S));
  const highest = releaseEnd >= a ? argBest(a, releaseEnd, tossAbovePelvis) : null;
  const start = highest !== null && highest > a ? argBest(a, highest - 1, (f) => -tossAbovePelvis(f)) : null;
  const release = highest !== null ? fastestRise(s, start ?? a, highest, tossAbovePelvis) : null;
  const lowFrom = Math.max(release ?? a, firstAt(t, t[c]! - RACKET_LOW_WINDOW_S));
  const lowSeen = lowFrom < c && seen('racket_low_point', lowFrom, c - 1, wristBelowElbow, 'hitting forearm');
  const racketLow = lowSeen ? argBest(lowFrom, c - 1, wristBelowElbow) : null;
  const trophySeen = racketLow !== null && seen('trophy_position', release ?? a, racketLow, (f) => y(p, f, hit), 'hitting hand');
  const trophy = trophySeen ? argBest(release ?? a, racketLow, (f) => (Number.isFinite(y(p, f, hit)) ? -s.handSpeed[f]! : NaN)) : null;
  const land = landing(s, a);
  const events: ServePhases['events'] = { ball_contact: c, follow_through: s.followThrough };
  if (start !== null) events.serve_start = start;
  if (release !== null) events.toss_release = release;
  if (trophy !== null) events.trophy_position = trophy;
  if (racketLow !== null) events.racket_low_point = racketLow;
  if (land !== null) events.landing = land;
  // Stage boundaries, monotone: a missing event takes its earlier neighbour's place.
  const b1 = start ?? a;
  const b2 = Math.max(b1, release ?? b1);
  const b3 = Math.max(b2, trophy ?? b2);
  const b4 = Math.max(b3, racketLow ?? b3);
  const end = Math.max(s.followThrough, lastAt(t, t[c]! + LANDING_WINDOW_S), land ?? c);
  const bounds: [ServeStageName, number, number][] = [
    ['start', a, b1],
    ['release', b1, b2],
    ['loading', b2, b3],
    ['cocking', b3, b4],
    ['acceleration', b4, c],
    ['contact', c, c],
    ['deceleration', c, s.followThrough],
    ['finish', s.followThrough, end],
  ];
  return { events, unmeasured, stages: bounds.map(([name, from, to]) => ({ name, from, to })) };
}

/**
 * The sample at which the ankle `foot` lands after a serve's jump: the landing rule of the module
 * doc applied to that ankle alone (come down by the tolerance from its highest point after
 * contact and stop descending); null without a jump (judged on the lower ankle, as the landing
 * event) or without that ankle measured. Tells which foot lands first (serve-motion.ts).
 */
export function footLanding(s: ServeInput, foot: 'left' | 'right'): number | null {
  const ankle = foot === 'left' ? J.leftAnkle : J.rightAnkle;
  return landing(s, firstAt(s.t, s.t[s.contact]! - SERVE_WINDOW_S), (f) => y(s.p, f, ankle));
}

/** The landing sample (module doc) of the ankle height `ankleY` (default the lower ankle), null without a jump or without the ankles measured. */
function landing(s: ServeInput, a: number, ankleY?: (f: number) => number): number | null {
  const { p, t, contact: c } = s;
  const lowerAnkle = (f: number) => Math.max(y(p, f, J.leftAnkle), y(p, f, J.rightAnkle));
  const ankle = ankleY ?? lowerAnkle;
  const standEnd = lastAt(t, t[a]! + STANDING_S);
  const standing: number[] = [];
  const heights: number[] = [];
  for (let f = a; f <= standEnd; f++) {
    const ank = lowerAnkle(f);
    const head = y(p, f, J.head);
    if (Number.isFinite(ank)) standing.push(ank);
    if (Number.isFinite(ank) && Number.isFinite(head)) heights.push(ank - head);
  }
  if (standing.length === 0 || heights.length === 0) return null;
  const ground = median(standing);
  const tol = GROUND_TOLERANCE * median(heights);
  if (!(ground - lowerAnkle(c) > tol)) return null;
  const last = lastAt(t, t[c]! + LANDING_WINDOW_S);
  const jitter = (LANDING_JITTER / GROUND_TOLERANCE) * tol;
  let top = Number.isFinite(ankle(c)) ? ankle(c) : Infinity;
  for (let f = c + 1; f <= last; f++) {
    const ank = ankle(f);
    if (!Number.isFinite(ank)) continue;
    top = Math.min(top, ank);
    const next = f < last ? ankle(f + 1) : NaN;
    if (ank - top >= tol && !(next > ank + jitter)) return f;
  }
  return null;
}

/** The sample of (from, to] where `above` rises fastest per second (the toss release), null when unmeasured. */
function fastestRise(s: ServeInput, from: number, to: number, above: (f: number) => number): number | null {
  let best: number | null = null;
  let v = -Infinity;
  let prev = from;
  for (let f = from + 1; f <= to; f++) {
    const a = above(prev);
    const b = above(f);
    if (!Number.isFinite(b)) continue;
    if (Number.isFinite(a)) {
      const rate = (b - a) / (s.t[f]! - s.t[prev]!);
      if (rate > v) [best, v] = [f, rate];
    }
    prev = f;
  }
  return best;
}

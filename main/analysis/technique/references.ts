/**
 * Reference bands (value breakpoints from beginner to professional, see scoring.ts) of every
 * feature, per sport, each with its source. Where no study gives level norms, the band is a
 * coaching heuristic and says so. Bands are set for values measured from one camera with a
 * lifted 3D pose: they are wider and a little lower than marker-based lab values.
 *
 * Sports: "tennis" uses the tennis literature; "pickleball" uses pickleball coaching (drives are
 * shorter, more compact strokes with a short paddle); "none" uses the pickleball bands, the less
 * demanding of the two, so that no sport-specific power is expected of an unknown sport.
 * The same bands serve forehand and backhand drives: the studies cited are forehand studies, and
 * applying them to backhands is our heuristic.
 */
import type { Sport } from '../../contract/technique-schema.js';
import type { Reference } from './scoring.js';

/** Machine names of the features. */
export type FeatureName =
  | 'knee_flexion_at_contact'
  | 'hip_shoulder_separation'
  | 'unit_turn'
  | 'pelvis_rotation_speed'
  | 'trunk_rotation_speed'
  | 'wrist_speed'
  | 'kinetic_chain_sequence'
  | 'trunk_tilt_at_contact'
  | 'follow_through_height'
  | 'stance_width'
  | 'elbow_angle_at_contact'
  | 'contact_point_in_front'
  | 'hands_together_at_contact';

const LANDLINGER_2010 =
  'Landlinger, Lindinger, Stöggl, Wagner & Müller 2010, "Kinematic differences of elite and high-performance tennis players in the cross court and down the line forehand", Sports Biomechanics 9(4):280-295';
const LANDLINGER_JSSM =
  'Landlinger et al. 2010, "Key factors and timing patterns in the tennis forehand of different skill levels", J Sports Sci Med 9:643-651';
const ELLIOTT_2006 = 'Elliott 2006, "Biomechanics and tennis", Br J Sports Med 40:392-396';
const REID_2013 = 'Reid, Elliott & Crespo 2013, "Mechanics and learning practices associated with the tennis forehand", J Sports Sci Med 12:225-231';
const PICKLEBALL_COACHING = 'USA Pickleball / PPR (Professional Pickleball Registry) drive coaching material';

function same(ref: Reference): Record<Sport, Reference> {
  return { tennis: ref, pickleball: ref, none: ref };
}

function racket(tennis: Reference, pickleball: Reference): Record<Sport, Reference> {
  return { tennis, pickleball, none: pickleball };
}

/** Reference of each feature for each sport. */
export const REFERENCES: Readonly<Record<FeatureName, Record<Sport, Reference>>> = {
  knee_flexion_at_contact: racket(
    {
      breakpoints: [0, 10, 20, 30, 50],
      beyond: 'mirror',
      source: `Coaching heuristic in line with ${ELLIOTT_2006} (leg drive from flexed knees contributes to trunk rotation) and ${REID_2013}; no level norms published. Past 50° the bend is scored down as a balance cost.`,
    },
    {
      breakpoints: [0, 8, 15, 22, 45],
      beyond: 'mirror',
      source: `${PICKLEBALL_COACHING}: drive from an athletic stance with bent knees; numeric bands are our heuristic.`,
    },
  ),
  hip_shoulder_separation: racket(
    {
      breakpoints: [0, 5, 10, 18, 45],
      beyond: 'mirror',
      source: `${LANDLINGER_2010} and ${LANDLINGER_JSSM} name hip–shoulder separation as a key forehand variable (values vary with shot direction); bands are a heuristic around the 15–30° usually quoted, lowered for monocular measurement.`,
    },
    {
      breakpoints: [0, 4, 8, 14, 40],
      beyond: 'mirror',
      source: `${PICKLEBALL_COACHING}: compact unit turn for the drive; bands are a heuristic scaled down from the tennis bands.`,
    },
  ),
  unit_turn: racket(
    {
      breakpoints: [10, 35, 55, 75, 140],
      beyond: 'mirror',
      source: `${ELLIOTT_2006} and ${REID_2013}: the shoulders turn past the hips and toward side-on during the backswing, then rotate through to face the net at impact (about 90° of trunk rotation in advanced forehands); level bands are a heuristic.`,
    },
    {
      breakpoints: [5, 20, 35, 50, 110],
      beyond: 'mirror',
      source: `${PICKLEBALL_COACHING}: "turn the shoulders, short backswing"; bands are our heuristic.`,
    },
  ),
  pelvis_rotation_speed: racket(
    {
      breakpoints: [0, 80, 168, 295, 700],
      beyond: 'clamp',
      source: `${LANDLINGER_2010}: pelvis angular velocity at impact 295 °/s (elite) vs 168 °/s (high-performance), used as the lower ends of the professional and advanced bands for the peak in the forward swing (the peak is at least the value at impact, and in elite forehands comes 75 ms before it: ${LANDLINGER_JSSM}; so these bands are conservative for peaks); lower bands are a heuristic.`,
    },
    {
      breakpoints: [0, 50, 100, 180, 500],
      beyond: 'clamp',
      source: `Heuristic: ${LANDLINGER_2010} tennis values scaled by 0.6 for the shorter pickleball drive (${PICKLEBALL_COACHING}); no pickleball norms found.`,
    },
  ),
  trunk_rotation_speed: racket(
    {
      breakpoints: [0, 150, 292, 453, 1000],
      beyond: 'clamp',
      source: `${LANDLINGER_2010}: upper-trunk angular velocity at impact 453 °/s (elite) vs 292 °/s (high-performance), used as the lower ends of the professional and advanced bands for the peak in the forward swing (the peak is at least the value at impact, 57 ms before it in elite forehands: ${LANDLINGER_JSSM}; conservative for peaks); lower bands are a heuristic.`,
    },
    {
      breakpoints: [0, 90, 175, 270, 700],
      beyond: 'clamp',
      source: `Heuristic: ${LANDLINGER_2010} tennis values scaled by 0.6 for the pickleball drive; no pickleball norms found.`,
    },
  ),
  wrist_speed: racket(
    {
      breakpoints: [0, 3, 5.5, 8, 20],
      beyond: 'clamp',
      source: `Heuristic between the peak horizontal shoulder speed (2.5–3.0 m/s) and racquet speed (31–33 m/s) in ${LANDLINGER_JSSM}: the wrist is roughly a quarter to a third of the way from the shoulder to the racket tip. Peak in the forward swing, relative to the pelvis (the lifted 3D pose is pelvis-centred).`,
    },
    {
      breakpoints: [0, 2, 3.5, 5, 15],
      beyond: 'clamp',
      source: `Heuristic: the tennis bands scaled for the shorter, more compact pickleball drive (${PICKLEBALL_COACHING}); no pickleball norms found.`,
    },
  ),
  kinetic_chain_sequence: same({
    breakpoints: [-0.1, -0.01, 0.005, 0.015, 0.08],
    beyond: 'mirror',
    source: `${LANDLINGER_JSSM}: pelvis peak 0.075 s and trunk peak 0.057 s before impact in elite forehands (an 18 ms proximal-to-distal lag), and Kibler's kinetic-chain model (Kibler 1995, Clin Sports Med 14:79-85). Below −10 ms the order is reversed; ±10 ms is within our timing error at 30 fps.`,
  }),
  trunk_tilt_at_contact: same({
    breakpoints: [45, 28, 18, 10, 0],
    beyond: 'clamp',
    source: `Coaching heuristic: a stable, near-upright trunk and still head through contact (${REID_2013}; ${PICKLEBALL_COACHING}); no level norms published.`,
  }),
  follow_through_height: racket(
    {
      breakpoints: [-0.6, -0.3, -0.1, 0.05, 0.6],
      beyond: 'clamp',
      source: `Coaching heuristic: the topspin forehand finishes with the hitting hand at or above the shoulder (${ELLIOTT_2006}; ${REID_2013}); metres of wrist height above the dominant shoulder.`,
    },
    {
      breakpoints: [-0.7, -0.4, -0.25, -0.1, 0.5],
      beyond: 'clamp',
      source: `${PICKLEBALL_COACHING}: the drive finishes around shoulder height; bands are our heuristic.`,
    },
  ),
  stance_width: same({
    breakpoints: [0.1, 0.2, 0.26, 0.32, 0.6],
    beyond: 'mirror',
    source:
      'Coaching heuristic "feet wider than the shoulders": shoulder (biacromial) breadth is about 0.26 of body height (Drillis & Contini 1966 segment proportions, as tabulated in Winter, Biomechanics and Motor Control of Human Movement); ratio of ankle distance to height.',
  }),
  elbow_angle_at_contact: same({
    breakpoints: [60, 90, 110, 130, 180],
    beyond: 'clamp',
    source: `${ELLIOTT_2006} and ${REID_2013}: modern forehands hit with a straight arm (about 160–180°) or a double bend (about 100–130°); a cramped arm below 90° is the common beginner fault. Bands are a heuristic that rates double-bend strokes as advanced.`,
  }),
  contact_point_in_front: racket(
    {
      breakpoints: [-0.2, 0, 0.15, 0.3, 0.8],
      beyond: 'mirror',
      source: `Coaching heuristic: contact in front of the front hip (${ELLIOTT_2006}; ${REID_2013}); metres in front of the pelvis along the swing direction. Past 0.8 m the player is reaching.`,
    },
    {
      breakpoints: [-0.2, 0, 0.1, 0.2, 0.7],
      beyond: 'mirror',
      source: `${PICKLEBALL_COACHING}: meet the ball out in front; bands are our heuristic.`,
    },
  ),
  hands_together_at_contact: same({
    breakpoints: [0.45, 0.3, 0.18, 0.1, 0],
    beyond: 'clamp',
    source: `Grip geometry: two hands adjacent on a handle put the wrist joints about 0.07–0.12 m apart; ${PICKLEBALL_COACHING} teach the two-handed backhand drive with both hands on the grip. Bands are our heuristic.`,
  }),
};

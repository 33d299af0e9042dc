/**
 * Every stroke of a clip (stroke-analysis.ts) on synthetic rallies whose strokes are known by
 * construction (support/synthetic.ts): the strokes found, which are analysed, the top-level
 * stroke, consistency, and the most likely stroke analysed with a warning when none is of the
 * requested swing type.
 */
import { describe, expect, test } from 'vitest';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { featureConsistency } from '../../main/analysis/technique/consistency.js';
import { J } from '../../main/pose/h36m.js';
import { sceneCuts } from '../../main/analysis/core/scene-cuts.js';
import { TechniqueResult, type TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { synthTracks } from './support/synthetic.js';

const META: TechniqueRequestMetadata = {
  uid: 'u1',
  sport: 'tennis',
  swing_type: 'forehand_drive',
  dominant_hand: 'right',
  player_height_mm: 1750,
};

describe('a rally of forehand, backhand, forehand (1 s, 3 s, 5 s)', () => {
  const t = synthTracks({
    seconds: 6,
    swings: [
      { t: 1, side: 'forehand' },
      { t: 3, side: 'backhand' },
      { t: 5, side: 'forehand' },
    ],
  });
  const out = analyseStrokes({ ...t, meta: META });
  const strokes = out.result.strokes!;

  test('three strokes in time order with their sides; the two forehands analysed', () => {
    expect(() => TechniqueResult.parse(out.result)).not.toThrow();
    expect(strokes.map((s) => [s.index, s.side, s.swing_type])).toEqual([
      [1, 'forehand', 'forehand_drive'],
      [2, 'backhand', 'backhand_drive'],
      [3, 'forehand', 'forehand_drive'],
    ]);
    // Contact at or just after each built hand-speed peak, on the video clock and the analysis clock (same here).
    strokes.forEach((s, i) => {
      expect(s.contact.timestamp).toBeGreaterThanOrEqual(1 + 2 * i - 0.05);
      expect(s.contact.timestamp).toBeLessThanOrEqual(1 + 2 * i + 0.1);
      expect(s.contact.real_time).toBe(s.contact.timestamp);
      expect(s.contact.frame_nr).toBe(Math.round(s.contact.timestamp * 60));
    });
    expect(strokes.map((s) => s.features.length > 0)).toEqual([true, false, true]);
    expect(strokes[1]!.overall_score).toBeUndefined();
    for (const s of [strokes[0]!, strokes[2]!]) {
      expect(s.overall_score).toBeCloseTo(s.features.reduce((a, f) => a + f.score, 0) / s.features.length, 2);
      expect(s.events!.map((e) => e.name)).toEqual(['backswing_end', 'ball_contact', 'follow_through']);
      expect(s.events![1]!.frame_nr).toBe(s.contact.frame_nr);
      expect(s.kinetic_chain!.wrist.unit).toBe('m/s');
    }
  });

  test('the top-level features are one analysed stroke, named by stroke_index', () => {
    const top = strokes[out.result.stroke_index! - 1]!;
    expect(top.swing_type).toBe('forehand_drive');
    expect(out.result.features).toEqual(top.features);
    expect(out.contact.frame).toBe(top.contact.frame_nr);
    expect(out.warnings.map((w) => w.detail)).toContain(
      '3 strokes found (2 forehands and 1 backhand); 2 analysed as forehand_drive',
    );
  });

  test('identical forehands: every feature has n = 2 and (almost) no spread', () => {
    const c = out.result.consistency!;
    expect(c.length).toBe(strokes[0]!.features.length);
    for (const f of c) {
      expect(f.n).toBe(2);
      // The two built forehands are the same motion; the smoothing near the 6 s clip end and the
      // backhand between them differ slightly, so allow 2 % of the mean (or 0.01 in the unit).
      expect(f.sd).toBeLessThanOrEqual(Math.max(0.01, 0.02 * Math.abs(f.mean)));
    }
  });

  test('a ball_timestamp picks the stroke at it for the top level', () => {
    const at = analyseStrokes({ ...t, meta: { ...META, ball_timestamp: 5.0 } });
    expect(at.result.stroke_index).toBe(3);
    expect(at.contact.detected).toBe(false);
    expect(at.result.strokes).toHaveLength(3);
  });
});

describe('no stroke of the requested type: the most likely stroke is analysed, a warning says what was found and asked', () => {
  test('a backhand sent as forehand_drive is analysed as a backhand drive', () => {
    const out = analyseStrokes({
      ...synthTracks({ seconds: 2, swings: [{ t: 1, side: 'backhand' }] }),
      meta: META,
    });
    const [s] = out.result.strokes!;
    expect(s!.side).toBe('backhand');
    expect(s!.swing_type).toBe('backhand_drive');
    expect(out.result.stroke_index).toBe(1);
    expect(out.result.features).toEqual(s!.features);
    expect(out.result.features.length).toBeGreaterThan(0);
    expect(out.contact.frame).toBe(s!.contact.frame_nr);
    expect(out.warnings[0]?.detail).toBe(
      `No forehand drive found: the backhand at frame ${s!.contact.frame_nr} (confidence ${s!.confidence.toFixed(2)}) is analysed instead, as a backhand drive.`,
    );
    expect(out.warnings.map((w) => w.detail)).toContain('1 stroke found (1 backhand); 1 analysed as backhand_drive');
  });

  test('a forehand sent as backhand_drive is analysed as a forehand drive', () => {
    const out = analyseStrokes({
      ...synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] }),
      meta: { ...META, swing_type: 'backhand_drive' },
    });
    const s = out.result.strokes![0]!;
    expect(out.warnings[0]?.detail).toBe(
      `No backhand drive found: the forehand at frame ${s.contact.frame_nr} (confidence ${s.confidence.toFixed(2)}) is analysed instead, as a forehand drive.`,
    );
    expect(s.features.length).toBeGreaterThan(0);
  });

  test('a tennis serve (the hitting wrist above the head before contact) sent as forehand_drive is analysed as a serve (issue 28: no drive feature, its serve events)', () => {
    const t = synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] });
    // Put the hitting wrist above the head in the picture from 0.2 s before to 0.2 s after the
    // swing (frames 48–72 at 60 fps), with 0.2 s ramps either side so nothing jumps like a scene
    // cut: the head and nose are lowered 40 px below the wrist (moving the wrist would stretch
    // the forearm past bone-check.ts's limit; the head is in no checked bone).
    const kp = t.pose2d.keypoints;
    const y = (f: number, j: number) => (f * t.pose2d.joints + j) * 2 + 1;
    for (let f = 36; f <= 84; f++) {
      const w =
        f < 48
          ? 0.5 - 0.5 * Math.cos((Math.PI * (f - 36)) / 12)
          : f > 72
            ? 0.5 - 0.5 * Math.cos((Math.PI * (84 - f)) / 12)
            : 1;
      for (const j of [J.head, J.neckNose])
        kp[y(f, j)] = (1 - w) * kp[y(f, j)]! + w * (kp[y(f, J.rightWrist)]! + 40);
    }
    const out = analyseStrokes({ ...t, meta: META });
    const strokes = out.result.strokes!;
    expect(strokes.map((s) => [s.side, s.swing_type])).toEqual([['serve', 'serve']]);
    const s = strokes[0]!;
    expect(s.features).toEqual([]);
    expect(out.result.features).toEqual([]);
    expect(out.result.features_left_out?.length).toBeGreaterThan(0);
    expect(s.events?.map((e) => e.name)).toContain('ball_contact');
    expect(s.serve_stages?.map((st) => st.name)).toEqual(['start', 'release', 'loading', 'cocking', 'acceleration', 'contact', 'deceleration', 'finish']);
    expect(out.warnings[0]?.detail).toBe(
      `No forehand drive found: the serve at frame ${s.contact.frame_nr} (confidence ${s.confidence.toFixed(2)}) is analysed instead, as a serve.`,
    );
    expect(out.warnings.map((w) => w.detail)).toContain('1 stroke found (1 serve); 1 analysed as serve');
  });
});

test('featureConsistency: mean, sample SD, CV and n per feature', () => {
  const f = (name: string, value: number) => ({ feature_name: name, value, unit: 'deg' }) as never;
  const c = featureConsistency([[f('a', 10), f('b', 0)], [f('a', 14), f('b', 0)], [f('a', 12)]]);
  expect(c).toEqual([
    { feature: 'a', unit: 'deg', mean: 12, sd: 2, cv: 0.1667, n: 3 },
    { feature: 'b', unit: 'deg', mean: 0, sd: 0, cv: null, n: 2 },
  ]);
});

test('scene cuts: a rally has none; shifting the second half of the clip sideways by a body width makes one there', () => {
  const t = synthTracks({
    seconds: 4,
    swings: [
      { t: 1, side: 'forehand' },
      { t: 3, side: 'backhand' },
    ],
  });
  expect(sceneCuts({ pose2d: t.pose2d, pose3d: t.pose3d })).toEqual([]);
  // From frame 120 (2 s) on, the player stands 150 px (≈ 0.5 m at 300 px/m) to the right: a join of two takes.
  for (let i = 120 * 17 * 2; i < t.pose2d.keypoints.length; i += 2) t.pose2d.keypoints[i]! += 150;
  expect(sceneCuts({ pose2d: t.pose2d, pose3d: t.pose3d })).toEqual([120]);
});

test('repeated images are no reference for a cut: a moving player whose images mostly repeat has none', () => {
  // A player drifting 5 px a frame (the trunk is 150 px) in a file that shows each image three times, as a slowed
  // frame-rate conversion does: each new image moves 15 px (0.1 trunk lengths), and two of every three
  // neighbours are repeats that move nothing, so their median was 0 and every new image read as a cut.
  const t = synthTracks({ seconds: 2, swings: [] });
  for (let f = 0; f < t.pose2d.frames; f++) {
    const shown = f - (f % 3);
    for (let j = 0; j < 17; j++) t.pose2d.keypoints[(f * 17 + j) * 2]! += 5 * shown;
  }
  expect(sceneCuts({ pose2d: t.pose2d, pose3d: t.pose3d })).toEqual([]);
  // A join in the same file is still a cut.
  for (let i = 60 * 17 * 2; i < t.pose2d.keypoints.length; i += 2) t.pose2d.keypoints[i]! += 150;
  expect(sceneCuts({ pose2d: t.pose2d, pose3d: t.pose3d })).toEqual([60]);
});

test('a swing the pose cannot measure (hips seen in 1 frame of 10, as a 40-60 px player in a drone view) is marked, not refused (issue 26)', () => {
  const t = synthTracks({ seconds: 2, swings: [{ t: 1, side: 'forehand' }] });
  for (const tr of [t.pose2d, t.pose3d]) {
    for (let f = 0; f < tr.frames; f++) if (f % 10 !== 0) for (const j of [J.leftHip, J.rightHip]) tr.confidences[f * tr.joints + j] = 0;
  }
  const out = analyseStrokes({ ...t, meta: META });
  expect(() => TechniqueResult.parse(out.result)).not.toThrow();
  const [s] = out.result.strokes!;
  expect(out.result.strokes).toHaveLength(1);
  expect([s!.side, s!.contact.frame_nr, s!.features.length]).toEqual(['forehand', 60, 0]);
  expect(s!.events!.map((e) => [e.name, e.frame_nr])).toEqual([['ball_contact', 60]]);
  expect(out.result.features).toEqual([]);
  expect(out.result.features_left_out!.length).toBeGreaterThan(10);
  expect(out.result.features_left_out![0]!.reason).toMatch(/not measured well enough around this stroke \(too little pose to analyse: hips, shoulders and right wrist measured in 12 of 120 frames/);
  const w = out.warnings.find((x) => x.code === 'technique-not-measured')!;
  expect(w.severity).toBe('warning');
  expect(w.message).toMatch(/strokes are marked/);
  expect(w.frames).toEqual({ from: 60, to: 60 });
  expect(out.warnings.find((x) => x.code === 'strokes-found')!.detail).toBe('1 stroke found (1 forehand); none could be measured');
});

/**
 * Ball contact and the swing events' confidence / hand_measured (contact-candidates.ts,
 * events-confidence.ts): synthetic swings with a known hand-speed peak, a gap in the hand
 * measurement around contact, features at a sub-frame contact time (measure.ts), two swings in one clip, and the real tennis_forehand_2.mp4 cut
 * analysed by the engine (contact by eye at source frame 121 ± 1, labels/strokes.json).
 */
import { describe, expect, test } from 'vitest';
import { computeTechniqueResult } from '../../main/analysis/index.js';
import { contactCandidates } from '../../main/analysis/technique/contact-candidates.js';
import { computeKinematics } from '../../main/analysis/core/kinematics.js';
import { checkPair } from '../../main/analysis/core/swing-input.js';
import { J } from '../../main/pose/h36m.js';
import { createPoseTrack, poseTrackFromJson } from '../../main/pose/pose-track.js';
import type { Kinematics } from '../../main/analysis/core/kinematics.js';
import type { SwingContext } from '../../main/analysis/technique/feature-types.js';
import { measureAt } from '../../main/analysis/technique/measure.js';
import { analysedClip, ANALYSED_CLIP_META } from '../support/analysed-clip.js';
import { dropJoint, synthTracks } from './support/synthetic.js';

const META = { uid: 's', sport: 'tennis' as const, swing_type: 'forehand_drive' as const, dominant_hand: 'right' as const, player_height_mm: 1800 };

function contactEvent(out: ReturnType<typeof computeTechniqueResult>) {
  return out.result.features.find((f) => f.event.name === 'ball_contact')!.event;
}

describe('synthetic forehand, hand-speed peak at 1.0 s (frame 60 at 60 fps)', () => {
  test('contact within 2 frames of the peak, hand measured, confident', () => {
    const out = computeTechniqueResult({ ...synthTracks({ cameraYawDeg: 60 }), meta: META }) /* side-on: every feature measurable */;
    expect(Math.abs(out.contact.frame - 60)).toBeLessThanOrEqual(2);
    const ev = contactEvent(out);
    expect(ev.hand_measured).toBe(true);
    expect(ev.confidence).toBeGreaterThan(0.8);
    expect(out.warnings.some((w) => w.detail?.startsWith('ball contact at frame'))).toBe(false);
    const back = out.result.features.find((f) => f.event.name === 'backswing_end')!.event;
    expect(back.frame_nr).toBeLessThan(out.contact.frame);
    expect(back.confidence).toBeGreaterThan(0);
  });

  test('the hitting wrist unmeasured in frames 52–70: the event says so and contact is not on the gap', () => {
    const tracks = synthTracks();
    for (let f = 52; f <= 70; f++) dropJoint(tracks, f, J.rightWrist);
    const out = computeTechniqueResult({ ...tracks, meta: META });
    const ev = contactEvent(out);
    expect(ev.hand_measured).toBe(false);
    expect(ev.confidence).toBeLessThan(0.5);
    // 19 frames (0.32 s) exceed the 0.25 s that is bridged: no speed exists inside, so no plateau to pick.
    expect(out.contact.frame < 52 || out.contact.frame > 70).toBe(true);
    const w = out.warnings.find((x) => x.detail?.startsWith('ball contact at frame'));
    expect(w?.detail).toMatch(/the hitting hand is not measured in frames 52–70/);
    expect(w?.frames).toEqual({ from: 52, to: 70 });
    expect(out.warnings.some((x) => x.detail?.startsWith('no hand measurement in frames'))).toBe(true);
  });

  test('a short bridged gap (frames 57–63) at contact is flagged, not passed off as measured', () => {
    const tracks = synthTracks();
    for (let f = 57; f <= 63; f++) dropJoint(tracks, f, J.rightWrist);
    const out = computeTechniqueResult({ ...tracks, meta: META });
    expect(Math.abs(out.contact.frame - 60)).toBeLessThanOrEqual(4);
    expect(contactEvent(out).hand_measured).toBe(false);
    expect(out.warnings.some((x) => /not measured in frames 57–63/.test(x.detail ?? ''))).toBe(true);
  });
});

test('measureAt at a sub-frame contact time interpolates between the two samples around it', () => {
  // 10 frames at 0.01 s; the right wrist moves +0.05 m in x per frame (Float32 keypoints: 6 decimals).
  const n = 10;
  const [p2, p3] = [createPoseTrack(n, 2), createPoseTrack(n, 3)];
  for (const t of [p2, p3]) {
    t.present.fill(1);
    t.confidences.fill(1);
    t.keypoints.fill(0);
  }
  for (let f = 0; f < n; f++) p3.keypoints[(f * 17 + J.rightWrist) * 3] = 0.05 * f;
  const k = { t: Float64Array.from({ length: n }, (_, f) => f / 100) } as Kinematics;
  const ctx = (tExact?: number) =>
    ({ p: { pose2d: p2, pose3d: p3 }, k, phases: { contact: { index: 4, t: 0.04, tExact, confidence: 1, handMeasured: true } } }) as unknown as SwingContext;
  const x = (c: SwingContext, frame: number, event: 'ball_contact' | 'backswing_end') => {
    const m = measureAt(c, frame, event, [J.rightWrist], (g) => g(J.rightWrist)[0]);
    return m.ok ? m.value : NaN;
  };
  expect(x(ctx(0.043), 4, 'ball_contact')).toBeCloseTo(0.2 + 0.3 * 0.05, 6); // toward frame 5
  expect(x(ctx(0.038), 4, 'ball_contact')).toBeCloseTo(0.2 - 0.2 * 0.05, 6); // toward frame 3
  expect(x(ctx(undefined), 4, 'ball_contact')).toBeCloseTo(0.2, 6); // no sub-frame time
  expect(x(ctx(0.043), 4, 'backswing_end')).toBeCloseTo(0.2, 6); // other events: the sample
  // The neighbour without the joint: the contact sample's value stands.
  p3.confidences[5 * 17 + J.rightWrist] = 0;
  expect(x(ctx(0.043), 4, 'ball_contact')).toBeCloseTo(0.2, 6);
});

test('contactCandidates lists both swings of a two-stroke clip, strongest first', () => {
  const t = synthTracks({ seconds: 4, swings: [{ t: 1, side: 'forehand' }, { t: 3, side: 'forehand' }] });
  const p = checkPair(t.pose2d, t.pose3d);
  const k = computeKinematics(p, t.fps, 'right', 'dominant_wrist');
  const c = contactCandidates(k, { pair: p, hand: 'right', rate: t.fps });
  const top = c.slice(0, 2).map((x) => x.index).sort((a, b) => a - b);
  expect(Math.abs(top[0]! - 60)).toBeLessThanOrEqual(2);
  expect(Math.abs(top[1]! - 180)).toBeLessThanOrEqual(2);
  expect(c[0]!.score).toBeGreaterThanOrEqual(c[1]!.score);
  for (const x of c) expect(x.confidence).toBeGreaterThanOrEqual(0);
});

describe('tennis_forehand_2.mp4 cut (2.8–5.8 s), engine pose, capture rate 240 fps', () => {
  test('contact in the forward swing of source frame 121, with its confidence and hand measurement', async () => {
    const { done } = await analysedClip();
    const pose2d = poseTrackFromJson(done.video_entry_2D_json);
    const pose3d = poseTrackFromJson(done.video_entry_3D_json);
    const fps = 30000 / 1001;
    // The cut starts at 2.8 s: its frame 0 is source frame 84 (84 / 29.97 = 2.803 s).
    const out = computeTechniqueResult({ pose2d, pose3d, fps, width: 1920, height: 1080, meta: { ...ANALYSED_CLIP_META, capture_fps: 240 } });
    // Measured 2026-11-23: 105 (−16 video frames = 67 ms real at 240 fps): in this cut the engine
    // loses the hitting hand in frames 119–137, so contact falls at the last measured speed peak
    // (the event says the hand is unmeasured). On the full clip's pose `npm run eval` finds −1.
    // Here: within ±0.1 s real time.
    expect(Math.abs(out.contact.frame + 84 - 121)).toBeLessThanOrEqual(24);
    const ev = contactEvent(out);
    expect(ev.confidence).toBeGreaterThan(0);
    expect(typeof ev.hand_measured).toBe('boolean');
    // The warning appears exactly when the event says the hand is unmeasured.
    expect(out.warnings.some((w) => w.detail?.startsWith('ball contact at frame'))).toBe(ev.hand_measured === false);
  }, 300_000);
});

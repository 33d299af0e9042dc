/**
 * The harness' readers on the real shared files (labels, Pose2Sim TRC, COCO-17 and MediaPipe
 * keypoints) and its pure planning (stroke windows, cuts, feature spread). No engine run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { J } from '../../main/pose/h36m.js';
import { mediaPath } from '../support/media.js';
import { cutSpecs, cutSpreads, featureSpread } from './cut-plan.js';
import { clipSetup, strokeGroup } from './clips.js';
import { captureFps, ClipLabels, readStrokeLabels, strokeKind, strokeSide, strokeType } from './labels.js';
import { readCoco17, readMediaPipe33 } from './reference-2d.js';
import type { StrokeOutcome } from './strokes.js';
import { analysedLabels, strokeWindow } from './strokes.js';
import { readTrc, trcStature, trcToH36m } from './trc.js';

const labels = readStrokeLabels();

describe('stroke labels', () => {
  it('reads strokes.json from the shared media folder', () => {
    const f2 = labels['tennis_forehand_2.mp4']!;
    expect(f2.strokes.map((s) => s.contact_frame)).toEqual([121]);
    expect(captureFps(f2)).toBeCloseTo(230.54, 2); // 29.97 / 0.13
  });
  it('names the side of each stroke text', () => {
    expect(strokeSide('volley (forehand)')).toBe('forehand');
    expect(strokeSide('dink (probably backhand)')).toBe('backhand');
    expect(strokeSide('serve')).toBe('serve');
    expect(strokeSide('lob')).toBeNull();
    expect(strokeSide('overhead')).toBe('serve'); // hand above the head: the detector's serve class
    expect(strokeSide('serve (underhand)')).toBe('forehand'); // a pickleball serve is a forehand swing
    expect(strokeSide('backhand (dink/block)')).toBe('backhand');
  });
  it('reads the second batch: its clips, strokes and the group of each stroke', () => {
    const clips = Object.keys(labels);
    expect(clips).toHaveLength(13);
    expect(clips.reduce((n, c) => n + labels[c]!.strokes.length, 0)).toBe(14 + 18);
    expect(labels['tennis_serve_amateur_1.mp4']!.strokes.map((s) => [s.contact_frame, s.group])).toEqual([[33, 'amateur']]);
    expect(labels['tennis_serve_coach_behind_1.mp4']!.strokes[0]!.group).toBe('pro');
    expect(labels['pickleball_rally_behind_1.mp4']!.strokes.map((s) => s.group)).toEqual(['unknown', 'unknown', 'unknown', 'unknown']);
    expect(labels['tennis_serve_stock_slowmo_1.mp4']!.slow_motion_factor).toBe(0.31);
    expect(labels['tennis_forehand_2.mp4']!.strokes[0]!.group).toBeUndefined();
  });
  it('refuses a group the labels README does not define', () => {
    const clip = { fps: 30, frames: 10, slow_motion_factor: 1, slow_motion_method: 'x', strokes: [{ contact_frame: 1, uncertainty_frames: 1, player: 'p', hand: 'right', stroke: 'serve', contact_visible: true, group: 'professional' }] };
    expect(ClipLabels.safeParse(clip).success).toBe(false);
    expect(ClipLabels.safeParse({ ...clip, strokes: [{ ...clip.strokes[0], group: 'pro' }] }).success).toBe(true);
  });
  it('gives every labelled clip a setup, every stroke a group and the second batch all its labels', () => {
    for (const clip of Object.keys(labels)) expect(() => clipSetup(clip), clip).not.toThrow();
    const f2 = labels['tennis_forehand_2.mp4']!;
    expect(strokeGroup(f2.strokes[0]!, clipSetup('tennis_forehand_2.mp4'))).toBe('pro'); // clip's group (first batch)
    const rec = labels['pickleball_rec_1.mp4']!;
    expect(analysedLabels(rec, clipSetup('pickleball_rec_1.mp4')).map((s) => s.contact_frame)).toEqual([112, 250]);
    const behind = labels['tennis_rally_pro_behind_1.mp4']!;
    expect(analysedLabels(behind, clipSetup('tennis_rally_pro_behind_1.mp4')).map((s) => s.contact_frame)).toEqual([41, 127, 209, 281]);
  });
  it('names the kind and the known-groups type of each stroke text', () => {
    expect(strokeKind('serve (underhand)')).toBe('serve');
    expect(strokeKind('overhead')).toBe('overhead');
    expect(strokeKind('backhand (dink/volley)')).toBe('dink');
    expect(strokeKind('volley (forehand)')).toBe('volley');
    expect(strokeKind('forehand (drive)')).toBe('drive');
    expect(strokeType('tennis', 'backhand (two-handed)')).toBe('tennis two-handed backhand');
    expect(strokeType('pickleball', 'backhand (dink/block)')).toBe('pickleball backhand dink');
    expect(strokeType('pickleball', 'dink (probably backhand)')).toBe('pickleball backhand dink');
    expect(strokeType('pickleball', 'serve (underhand)')).toBe('pickleball serve');
    expect(strokeType('tennis', 'forehand')).toBe('tennis forehand');
  });
  it('cuts a stroke window at ±1.5 s real time, halfway to the neighbouring strokes', () => {
    const b = labels['tennis_broadcast_1.mp4']!; // 25 fps, real time: ±38 frames; neighbours 10 and 127
    expect(strokeWindow(b, b.strokes[1]!)).toEqual([38, 96]);
    const f2 = labels['tennis_forehand_2.mp4']!; // ±1.5/0.13 s of video covers the whole clip
    expect(strokeWindow(f2, f2.strokes[0]!)).toEqual([0, 299]);
  });
});

describe('cut plan', () => {
  it('puts the contact at 25, 50 and 75 % of a 3 s cut', () => {
    const f2 = labels['tennis_forehand_2.mp4']!; // 3 s × 29.97 = 90 frames; 121 − 23, 121 − 45, 121 − 68
    expect(cutSpecs(f2, f2.strokes[0]!).map((c) => c.firstFrame)).toEqual([98, 76, 53]);
  });
  it('spreads degrees in degrees and the rest relative to the median', () => {
    const o = (vals: [number, number]) =>
      ({
        features: [
          { name: 'a', unit: 'deg', value: vals[0], level: '', score: 0 },
          { name: 'b', unit: 'm/s', value: vals[1], level: '', score: 0 },
        ],
      }) as unknown as StrokeOutcome;
    const [a, b] = featureSpread([o([10, 10]), o([12, 11]), o([14.9, 12])]);
    expect(a).toMatchObject({ spread: 4.9, consistent: true });
    expect(b!.spread).toBe(2);
    expect(b!.relative).toBeCloseTo(2 / 11, 12);
    expect(b!.consistent).toBe(false);
    expect(a!.consistentWhereMeasured).toBe(false);
  });
  it('a feature left out in one cut agrees "where measured" when the others are within 5°', () => {
    const o = (v: number | null) =>
      ({ features: v === null ? [] : [{ name: 'a', unit: 'deg', value: v, level: '', score: 0 }] }) as unknown as StrokeOutcome;
    const [a] = featureSpread([o(null), o(38.4), o(41.3)]);
    expect(a).toMatchObject({ consistent: false, consistentWhereMeasured: true });
    expect(a!.spread).toBeCloseTo(2.9, 12);
    const [b] = featureSpread([o(null), o(null), o(41.3)]);
    expect(b!.consistentWhereMeasured).toBe(false);
  });
  it('judges only the cuts: a feature no cut measures does not agree through the reference analyses', () => {
    const o = (v: number | null) =>
      ({ features: v === null ? [] : [{ name: 'a', unit: 'deg', value: v, level: 'advanced', score: 0 }] }) as unknown as StrokeOutcome;
    const cuts = [o(null), o(null), o(null)];
    const [a] = cutSpreads(cuts, [...cuts, o(27.2), o(27.2)]);
    expect(a).toMatchObject({ consistent: false, consistentWhereMeasured: false, sameLevel: false, levels: ['', '', ''] });
    expect(a!.values).toEqual([NaN, NaN, NaN, 27.2, 27.2]);
    expect(a!.spread).toBeNaN();
    const [b] = cutSpreads([o(40), o(41), o(42)], [o(40), o(41), o(42), o(60)]);
    expect(b).toMatchObject({ spread: 2, consistent: true, sameLevel: true });
  });
  it('says whether every cut scores a feature at the same level', () => {
    const o = (level: string | null) =>
      ({ features: level === null ? [] : [{ name: 'a', unit: 'deg', value: 40, level, score: 0 }] }) as unknown as StrokeOutcome;
    expect(featureSpread([o('advanced'), o('advanced'), o('advanced')])[0]).toMatchObject({ levels: ['advanced', 'advanced', 'advanced'], sameLevel: true });
    expect(featureSpread([o('advanced'), o('professional'), o('advanced')])[0]!.sameLevel).toBe(false);
    expect(featureSpread([o(null), o('advanced'), o('advanced')])[0]).toMatchObject({ levels: ['', 'advanced', 'advanced'], sameLevel: false, sameLevelWhereMeasured: true });
    expect(featureSpread([o(null), o('advanced'), o('professional')])[0]!.sameLevelWhereMeasured).toBe(false);
    expect(featureSpread([o(null), o(null), o('advanced')])[0]!.sameLevelWhereMeasured).toBe(false);
  });
});

describe('reference keypoints', () => {
  it('maps COCO-17 onto the compared joints (left shoulder = COCO 5)', () => {
    const raw = JSON.parse(
      readFileSync(mediaPath('keypoints/tennis_forehand_2.coco17_detectron2.json'), 'utf8'),
    ) as { frames: { keypoints: number[][] }[] };
    const p = readCoco17(mediaPath('keypoints/tennis_forehand_2.coco17_detectron2.json'));
    expect(p.frames).toBe(300);
    expect([p.xy[0], p.xy[1]]).toEqual(raw.frames[0]!.keypoints[5]);
  });
  it('maps MediaPipe 33 onto the compared joints in pixels, frame 1 = decoded frame 0', () => {
    const raw = JSON.parse(
      readFileSync(mediaPath('keypoints/tennis_forehand_1.mediapipe33.json'), 'utf8'),
    ) as { landmarks_data: { landmarks: { x: number; y: number }[] }[] };
    const p = readMediaPipe33(mediaPath('keypoints/tennis_forehand_1.mediapipe33.json'), 852, 480);
    expect(p.frames).toBe(647);
    const ls = raw.landmarks_data[0]!.landmarks[11]!;
    expect(p.xy[0]).toBeCloseTo(ls.x * 852, 9);
    expect(p.xy[1]).toBeCloseTo(ls.y * 480, 9);
  });
  it('reads the Pose2Sim TRC in metres and builds the H36M pelvis and thorax', () => {
    const trc = readTrc(mediaPath('keypoints/balance_portrait_60fps_1.pose2sim_3d.trc'));
    expect([trc.positions.length, trc.markers.length, trc.dataRate, trc.frameNumbers[0]]).toEqual([
      100, 21, 60, 1,
    ]);
    const h = trcToH36m(trc)[0]!;
    // Frame 1: RHip (−0.0650, 0.9015, −1.4006), LHip (0.104, 0.909, −1.459) → pelvis ≈ (0.0195, 0.905, −1.430).
    expect(h[J.pelvis]![0]).toBeCloseTo(0.0195, 2);
    expect(h[J.pelvis]![1]).toBeCloseTo(0.905, 2);
    expect(h[J.thorax]![1]).toBeCloseTo((1.393 + 1.414) / 2, 2);
    expect(trcStature(trc)).toBeCloseTo(1.635, 2);
  });
});

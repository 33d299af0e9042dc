/**
 * The camera view of a stroke (main/analysis/technique/camera-view.ts) and the features left out
 * for it (view-gate.ts).
 */
import { describe, expect, test } from 'vitest';
import { computeTechniqueResult } from '../../main/analysis/index.js';
import { bodyHeadingDeg, cameraViewOf, viewOfHeading, VIEW_BLIND_FEATURES } from '../../main/analysis/index.js';
import { viewUncertaintyDeg } from '../../main/analysis/technique/index.js';
import { viewLabel, viewLabelWithHeading } from '../../main/contract/camera-view-label.js';
import { TechniqueResult } from '../../main/contract/technique-schema.js';
import { J } from '../../main/pose/h36m.js';
import type { Vec3 } from '../../main/pose/vec3.js';
import { rotY, synthTracks } from './support/synthetic.js';

/** A standing pose's shoulders and hips (x right, y up, z toward the camera), chest to the camera, turned `deg` about the vertical. */
function standing(deg: number): { shoulders: [Vec3, Vec3]; hips: [Vec3, Vec3] } {
  // Chest to the camera: the player's right is the picture's left (−x).
  const t = (v: Vec3): Vec3 => rotY(v, deg);
  return { shoulders: [t([0.2, 0.5, 0]), t([-0.2, 0.5, 0])], hips: [t([0.1, 0, 0]), t([-0.1, 0, 0])] };
}

describe('camera view from the body heading', () => {
  test.each([
    [0, 'front', 0],
    [90, 'side', 90],
    [-90, 'side', 90],
    [180, 'behind', 180],
    [45, 'oblique', 45],
    [135, 'oblique', 135],
  ] as const)('a pose turned %i° from facing the camera is %s (heading %i°)', (deg, view, heading) => {
    const { shoulders, hips } = standing(deg);
    const h = bodyHeadingDeg(shoulders, hips);
    expect(h).toBeCloseTo(heading, 6);
    expect(viewOfHeading(h)).toBe(view);
  });

  test('a pose with left and right swapped in the picture reads the other way round (the test can fail)', () => {
    const { shoulders, hips } = standing(0);
    expect(viewOfHeading(bodyHeadingDeg([shoulders[1], shoulders[0]], [hips[1], hips[0]]))).toBe('behind');
  });

  test('only the hips, or no pair at all', () => {
    expect(bodyHeadingDeg(null, standing(90).hips)).toBeCloseTo(90, 6);
    expect(bodyHeadingDeg(null, null)).toBeNaN();
    expect(cameraViewOf([0, 1], () => null)).toBeNull();
  });

  test('the view over frames is the median heading', () => {
    const poses = [0, 10, 170].map(standing);
    const get = (f: number, j: number): Vec3 | null => {
      const p = poses[f]!;
      return j === J.leftShoulder ? p.shoulders[0] : j === J.rightShoulder ? p.shoulders[1] : j === J.leftHip ? p.hips[0] : j === J.rightHip ? p.hips[1] : null;
    };
    expect(cameraViewOf([0, 1, 2], get)).toEqual({ view: 'front', heading_deg: 10 });
  });

  test('labels a coach reads; unknown for a stroke stored before views', () => {
    expect(viewLabel('behind')).toBe('filmed from behind');
    expect(viewLabel(null)).toBe('camera view unknown');
    expect(viewLabelWithHeading({ view: 'side', heading_deg: 84 })).toBe('filmed from the side (heading 84°)');
  });
});

describe('features a view cannot measure are left out with the reason', () => {
  const META = { uid: 'u1', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1750 } as const;
  /** The synthetic forehand ends ≈ 30° past square at contact: turned 150° its back is to the camera (heading ≈ 180°), turned 60° it is side-on. */
  const run = (cameraYawDeg: number) => computeTechniqueResult({ ...synthTracks({ cameraYawDeg }), meta: { ...META } });

  test('filmed from behind: rotations and the contact point left out, with a reason a coach reads', () => {
    const out = run(150);
    expect(() => TechniqueResult.parse(out.result)).not.toThrow();
    expect(out.result.camera_view?.view).toBe('behind');
    const names = out.result.features.map((f) => f.feature_name);
    for (const blind of Object.keys(VIEW_BLIND_FEATURES.behind)) expect(names).not.toContain(blind);
    const pelvis = out.result.features_left_out?.find((l) => l.feature_name === 'pelvis_rotation_speed');
    expect(pelvis?.reason).toBe('filmed from behind, the camera cannot see that rotation (the hips turn into the depth of the picture)');
    expect(out.warnings.map((w) => w.detail)).toContain(`pelvis_rotation_speed left out: ${pelvis?.reason}`);
    expect(names).toContain('knee_flexion_at_contact');
  });

  test('filmed side-on: every rotation is scored', () => {
    const out = run(60);
    expect(out.result.camera_view).toEqual({ view: 'side', heading_deg: 90 });
    const names = out.result.features.map((f) => f.feature_name);
    for (const n of ['pelvis_rotation_speed', 'trunk_rotation_speed', 'unit_turn', 'hip_shoulder_separation']) expect(names).toContain(n);
  });
});

describe('angle features carry the measured error of their view (view-uncertainty.ts)', () => {
  const META = { uid: 'u1', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1750 } as const;
  const run = (cameraYawDeg: number) => computeTechniqueResult({ ...synthTracks({ cameraYawDeg }), meta: { ...META } });

  test('the table: front, oblique (means of the 4-camera trial), behind = front, side = the larger', () => {
    expect(viewUncertaintyDeg('knee_flexion_at_contact', 'front')).toBe(12);
    expect(viewUncertaintyDeg('knee_flexion_at_contact', 'oblique')).toBe(20.8);
    expect(viewUncertaintyDeg('knee_flexion_at_contact', 'behind')).toBe(12);
    expect(viewUncertaintyDeg('knee_flexion_at_contact', 'side')).toBe(20.8);
    expect(viewUncertaintyDeg('trunk_tilt_at_contact', 'side')).toBe(10.5);
    expect(viewUncertaintyDeg('hip_shoulder_separation', 'front')).toBe(14.5);
    expect(viewUncertaintyDeg('wrist_speed', 'oblique')).toBeNull();
  });

  test('filmed side-on: the knee angle says ±21° and why; speeds carry none', () => {
    const out = run(60);
    expect(() => TechniqueResult.parse(out.result)).not.toThrow();
    const knee = out.result.features.find((f) => f.feature_name === 'knee_flexion_at_contact')!;
    expect(knee.uncertainty).toBe(20.8);
    expect(knee.observation).toMatch(/Filmed side-on, this angle reads within about ±21° \(the larger of the front and oblique errors; no side-on camera was measured\)\.$/);
    expect(out.result.features.find((f) => f.feature_name === 'wrist_speed')!.uncertainty).toBeUndefined();
  });
});

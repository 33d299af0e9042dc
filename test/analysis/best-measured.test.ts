/**
 * bestMeasured and seriesKeeper (main/analysis/best-measured.ts): the analysis shown first (a
 * stroke measuring most of what its view allows, then the ball's evidence, then confidence ×
 * share measured), and while a clip's strokes are analysed only that one keeps its per-frame
 * series (issue 29: memory of long clips).
 */
import { describe, expect, it } from 'vitest';
import { bestMeasured, seriesKeeper, type Analysed } from '../../main/analysis/best-measured.js';
import type { ClipStroke } from '../../main/analysis/strokes/index.js';
import type { TechniqueOutput } from '../../main/analysis/technique/index.js';

const series = () => ({ plot_values: [1, 2, 3], peak_index: 1, peak_speed: 2 });

function analysed(
  confidence: number,
  features: number,
  measured = true,
  extra: { ballEvidence?: string; leftOut?: string[]; view?: string } = {},
): Analysed {
  const stroke = { confidence, ballEvidence: extra.ballEvidence } as unknown as ClipStroke;
  if (!measured) return { stroke, out: null, failure: 'too little pose' };
  const out = {
    result: {
      features: Array.from({ length: features }, () => ({})),
      features_left_out: (extra.leftOut ?? []).map((feature_name) => ({
        feature_name,
        feature_human_readable_name: feature_name,
        reason: 'x',
      })),
      ...(extra.view ? { camera_view: { view: extra.view, heading_deg: 160 } } : {}),
      kinetic_chain: { speed_dict: { hip: series(), shoulder: series(), wrist: series() } },
      wrist_speed: { ...series(), hand: 'right' },
    },
    warnings: [],
    events: [],
  } as unknown as TechniqueOutput;
  return { stroke, out, failure: null };
}

const kept = (a: Analysed) => {
  const r = a.out!.result;
  return [
    r.kinetic_chain!.speed_dict.hip,
    r.kinetic_chain!.speed_dict.shoulder,
    r.kinetic_chain!.speed_dict.wrist,
    r.wrist_speed!,
  ].map((s) => s.plot_values!.length);
};

describe('bestMeasured', () => {
  // From behind, six features are blind (camera-view.ts VIEW_BLIND_FEATURES): they do not count against a stroke.
  const blind = [
    'hip_shoulder_separation',
    'unit_turn',
    'pelvis_rotation_speed',
    'trunk_rotation_speed',
    'kinetic_chain_sequence',
    'contact_point_in_front',
  ];
  const unseenHand = ['wrist_speed', 'elbow_angle_at_contact', 'knee_flexion_at_contact'];
  const behind = (confidence: number, features: number, ballEvidence: string, leftOut: string[]) =>
    analysed(confidence, features, true, { ballEvidence, leftOut, view: 'behind' });

  it('puts a stroke the ball shows hit first among strokes measured alike', () => {
    const take = behind(0.8, 6, 'near', blind);
    const hit = behind(0.4, 6, 'hit', blind);
    expect(bestMeasured([take, hit])).toBe(hit.out);
  });

  it('does not let the ball lift a stroke measuring half or less of what its view allows over one measuring most of it', () => {
    // 3 of 6: the hand unseen at contact (the public clip of the docstring).
    const hit = behind(0.33, 3, 'hit', [...blind, ...unseenHand]);
    const near = behind(0.22, 6, 'near', blind);
    expect(bestMeasured([hit, near])).toBe(near.out);
    // 4 of 6 is most of it: the ball decides again.
    const hit4 = behind(0.33, 4, 'hit', [...blind, ...unseenHand.slice(1)]);
    expect(bestMeasured([hit4, near])).toBe(hit4.out);
    // Without a view, the blind six count as unmeasured: 3 of 12 against 6 of 12, neither most.
    const hitNoView = analysed(0.33, 3, true, { ballEvidence: 'hit', leftOut: [...blind, ...unseenHand] });
    const nearNoView = analysed(0.22, 6, true, { ballEvidence: 'near', leftOut: blind });
    expect(bestMeasured([hitNoView, nearNoView])).toBe(hitNoView.out);
  });
});

describe('seriesKeeper', () => {
  it('leaves the series on the analysis bestMeasured picks and empties them on every other', () => {
    const keep = seriesKeeper();
    const all = [
      analysed(0.5, 4),
      analysed(0.9, 4),
      analysed(0.2, 0, false),
      analysed(0.9, 4),
      analysed(0.7, 4),
    ].map(keep);
    const best = bestMeasured(all);
    expect(best).toBe(all[1]!.out);
    expect(kept(all[1]!)).toEqual([3, 3, 3, 3]);
    for (const i of [0, 3, 4]) expect(kept(all[i]!)).toEqual([0, 0, 0, 0]);
    // Peaks stay on every analysis (a stroke's entry reads them).
    expect(all[0]!.out!.result.kinetic_chain!.speed_dict.wrist.peak_speed).toBe(2);
  });

  it('lays the kept analysis onto the whole clip when its series are still its stretch\'s, and never widens the others', () => {
    const keep = seriesKeeper();
    const onStretch = (confidence: number): Analysed => ({ ...analysed(confidence, 4), stretch: { a: 2, frames: 6 } });
    const [first, better] = [onStretch(0.5), onStretch(0.9)].map(keep);
    // The first was the best so far (widened to the clip's 6 frames), then emptied when the better came.
    expect(kept(first!)).toEqual([0, 0, 0, 0]);
    expect(kept(better!)).toEqual([6, 6, 6, 6]);
    expect(better!.out!.result.wrist_speed!.plot_values).toEqual([0, 0, 1, 2, 3, 0]);
    expect(bestMeasured([first!, better!])).toBe(better!.out);
    const worse = keep(onStretch(0.1));
    expect(kept(worse)).toEqual([0, 0, 0, 0]);
  });
});

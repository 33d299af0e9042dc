/** The per-view spread table of the eval (view-spread.ts) on hand-made stroke outcomes. */
import { describe, expect, it } from 'vitest';
import type { StrokeOutcome } from './strokes.js';
import { viewSpreadRows } from './view-spread.js';

function stroke(type: string, view: string | undefined, values: Record<string, number>): StrokeOutcome {
  return {
    label: { contact_frame: 0, stroke: 'forehand', player: 'p' } as StrokeOutcome['label'],
    side: 'forehand',
    group: 'pro',
    type,
    window: [0, 10],
    contactFrame: 0,
    errorFrames: 0,
    errorMs: 0,
    features: Object.entries(values).map(([name, value]) => ({ name, value, unit: 'deg', level: 'advanced', score: 70 })),
    leftOut: [],
    serveMeasures: [],
    ...(view ? { view } : {}),
    failure: null,
  };
}

describe('spread of one stroke type per camera view', () => {
  it('groups each feature by view with count, median and range; skips serves, view-less strokes and features scored once', () => {
    const rows = viewSpreadRows([
      stroke('tennis forehand', 'side', { unit_turn: 80, knee: 30 }),
      stroke('tennis forehand', 'side', { unit_turn: 60 }),
      stroke('tennis forehand', 'side', { unit_turn: 70 }),
      stroke('tennis forehand', 'behind', { knee: 20 }),
      stroke('tennis forehand', undefined, { unit_turn: 1000 }),
      stroke('tennis serve', 'side', { unit_turn: 5 }),
      stroke('tennis two-handed backhand', 'oblique', { elbow: 100 }),
    ]);
    expect(rows).toEqual([
      { type: 'tennis forehand', feature: 'unit_turn', unit: 'deg', views: { side: { n: 3, median: 70, min: 60, max: 80 } } },
      { type: 'tennis forehand', feature: 'knee', unit: 'deg', views: { side: { n: 1, median: 30, min: 30, max: 30 }, behind: { n: 1, median: 20, min: 20, max: 20 } } },
    ]);
  });
});

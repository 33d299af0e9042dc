/** The serve known-groups table of the eval (serve-groups.ts) on hand-made stroke outcomes. */
import { describe, expect, it } from 'vitest';
import { renderServeGroups, serveGroupRows } from './serve-groups.js';
import type { StrokeOutcome } from './strokes.js';

function serve(group: 'pro' | 'amateur' | 'unknown', values: Record<string, number>): StrokeOutcome {
  return {
    label: { contact_frame: 50, stroke: 'serve', player: 'p' } as StrokeOutcome['label'],
    side: null,
    group,
    type: 'tennis serve',
    window: [0, 100],
    contactFrame: 50,
    errorFrames: 0,
    errorMs: 0,
    features: [],
    leftOut: [],
    serveMeasures: Object.entries(values).map(([name, value]) => ({ name, value, unit: 'u' })),
    failure: null,
  };
}

describe('known groups on the labelled serves', () => {
  const strokes = [
    serve('pro', { contact_height_ratio: 1.1, pelvis_rotation_speed_peak: 400, front_knee_flexion_at_trophy: 60, toss_offset: 0.2 }),
    serve('amateur', { contact_height_ratio: 1.0, pelvis_rotation_speed_peak: 460, front_knee_flexion_at_trophy: 30, leg_drive_hip_speed: 1.5, toss_offset: 0.3 }),
    serve('unknown', { contact_height_ratio: 2.0 }),
  ];

  it('says per value whether every pro serve reads better than every amateur one, by its direction', () => {
    const rows = Object.fromEntries(serveGroupRows(strokes).map((r) => [r.name, r]));
    expect(rows.contact_height_ratio).toMatchObject({ pro: [1.1], amateur: [1.0], separates: true });
    expect(rows.pelvis_rotation_speed_peak).toMatchObject({ pro: [400], amateur: [460], separates: false });
    // Nearer the meta-analysis mean (64.5°) reads better: 60 beats 30.
    expect(rows.front_knee_flexion_at_trophy!.separates).toBe(true);
    // Measured by one group only, or without a direction: not comparable.
    expect(rows.leg_drive_hip_speed).toMatchObject({ pro: [], amateur: [1.5], separates: null });
    expect(rows.toss_offset).toMatchObject({ direction: null, separates: null });
  });

  it('leaves unknown-group serves out and names the separating values in the summary line', () => {
    const md = renderServeGroups([{ clip: 'a.mp4', fps: 30, slowMotionFactor: 1, strokes, detectors: [], coach: null, guessRun: null } as never]);
    expect(md).toContain('| contact_height_ratio | u |');
    expect(md).toContain('| 1.10 | 1.00 | yes |');
    expect(md).not.toContain('2.00');
    expect(md).toContain('reads better than every amateur one on 2 of the 3 values both groups measure (contact_height_ratio, front_knee_flexion_at_trophy); not on pelvis_rotation_speed_peak');
  });
});

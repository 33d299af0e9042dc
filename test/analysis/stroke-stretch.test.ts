/** Each stroke analysed on its own stretch of the clip (main/analysis/stroke-stretch.ts): its scene, and ±30 s of a clip over a minute. */
import { describe, expect, it } from 'vitest';
import { analyseAtTime, STROKE_SPAN_S, strokeStretch } from '../../main/analysis/stroke-stretch.js';
import { computeTechniqueResult, type AnalysisInput } from '../../main/analysis/index.js';
import { synthTracks } from './support/synthetic.js';

const times = (seconds: number, fps: number) => Float64Array.from({ length: seconds * fps }, (_, i) => i / fps);

describe('the stretch a stroke is analysed on', () => {
  it('is the whole clip up to twice the span, then ±30 s of video around the stroke, within its scene', () => {
    expect(STROKE_SPAN_S).toBe(30);
    expect(strokeStretch([], 300, times(60, 30))).toEqual([0, 1800]); // a minute: whole
    const t = times(150, 30);
    expect(strokeStretch([], 300, t)).toEqual([0, 1201]); // 10 s: 0 … 40 s
    expect(strokeStretch([], 3000, t)).toEqual([2100, 3901]); // 100 s: 70 … 130 s
    expect(strokeStretch([2700], 3000, t)).toEqual([2700, 4500]); // a scene of 90 … 150 s: a minute, whole
    expect(strokeStretch([2700], 2000, t)).toEqual([1100, 2700]); // the 90 s scene before it: 36 … 90 s
  });

  it('gives a stroke of a long clip the features a short clip of that stroke gives, with its series 0 outside the stretch', () => {
    const fps = 30;
    const meta = { uid: 'long', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1800 } as const;
    // A session of 80 s with swings at 5 s and 70 s, and a 40 s clip of the second swing alone (at 30 s).
    const long: AnalysisInput = { ...synthTracks({ fps, seconds: 80, cameraYawDeg: 60, swings: [{ t: 5, side: 'forehand' }, { t: 70, side: 'forehand' }] }), meta: { ...meta, ball_timestamp: 70 } };
    const short: AnalysisInput = { ...synthTracks({ fps, seconds: 40, cameraYawDeg: 60, swings: [{ t: 30, side: 'forehand' }] }), meta: { ...meta, ball_timestamp: 30 } };
    const part = analyseAtTime(long, 70, {});
    const alone = computeTechniqueResult(short);
    expect(part.result.features.length).toBeGreaterThanOrEqual(8);
    expect(part.result.features.map((f) => [f.feature_name, f.value])).toEqual(alone.result.features.map((f) => [f.feature_name, f.value]));
    expect(part.events.map((e) => [e.name, e.frame_nr - 40 * fps])).toEqual(alone.events.map((e) => [e.name, e.frame_nr]));
    const wrist = part.result.kinetic_chain!.speed_dict.wrist;
    expect(wrist.plot_values).toHaveLength(80 * fps);
    expect(wrist.peak_index).toBe(alone.result.kinetic_chain!.speed_dict.wrist.peak_index + 40 * fps);
    // 40 s … 80 s analysed: the swing at 5 s is outside, its speeds 0 (no measurement) there.
    expect(Math.max(...wrist.plot_values.slice(0, 40 * fps - 1))).toBe(0);
    // The whole 80 s clip read otherwise (its slow-motion check and backswing end see the other swing): the stretch is what a cut of the stroke gives.
    expect(computeTechniqueResult(long).events.find((e) => e.name === 'backswing_end')!.frame_nr).not.toBe(part.events.find((e) => e.name === 'backswing_end')!.frame_nr);
  });
});

/**
 * Known groups on the labelled serves (issue 28 item 6): every serve value (serve-measures.ts,
 * serve-motion.ts) on each labelled tennis serve of ../shared/media/labels, analysed as `serve`
 * with the labelled contact (support/labelled-strokes.ts), printed as a table with its group
 * (pro = the teaching coach, amateur, unknown). The table in main/analysis/technique/README.md
 * ("Serve values on the labelled serves") is this output.
 */
import { describe, expect, it } from 'vitest';
import { readStrokeLabels, strokeKind } from '../eval/labels.js';
import { labelledStrokeResult } from './support/labelled-strokes.js';

describe('serve values on the labelled serves', () => {
  it('measures each labelled tennis serve', async () => {
    const labels = readStrokeLabels();
    const rows: string[] = [];
    let n = 0;
    let sideOn = 0;
    for (const [clip, l] of Object.entries(labels)) {
      if (!clip.startsWith('tennis_')) continue;
      for (const s of l.strokes) {
        if (strokeKind(s.stroke) !== 'serve') continue;
        let out;
        try {
          out = await labelledStrokeResult(clip, l, s, 'serve');
        } catch (e) {
          rows.push(`${clip} @${s.contact_frame} [${s.group ?? 'pro'}] not analysed: ${e instanceof Error ? e.message : String(e)}`);
          continue;
        }
        n++;
        const m = out.result.serve_measures ?? [];
        expect(m.length).toBeGreaterThan(0);
        rows.push(`${clip} @${s.contact_frame} [${s.group ?? 'pro'}] contact ${out.contact.frame} view ${out.result.camera_view?.view ?? '?'}`);
        if (out.result.camera_view?.view === 'side') {
          // Side-on the shoulders overlap: no tilt, and the reason (camera-view.ts VIEW_BLIND_FEATURES).
          sideOn++;
          expect(m.some((x) => x.name === 'shoulder_tilt_at_trophy')).toBe(false);
          expect(out.result.features_left_out?.find((x) => x.feature_name === 'shoulder_tilt_at_trophy')?.reason).toMatch(/side-on, the shoulders overlap/);
        }
        // Every trophy-position value is shown or left out with its reason, never dropped unsaid.
        for (const name of ['front_knee_flexion_at_trophy', 'shoulder_tilt_at_trophy']) {
          const shown = m.some((x) => x.name === name);
          expect(shown || !!out.result.features_left_out?.find((x) => x.feature_name === name)?.reason, `${clip} ${name}`).toBe(true);
        }
        for (const x of m) rows.push(`  ${x.name} = ${x.value} ${x.unit} @${x.frame_nr}${x.fact ? ` (${x.fact})` : ''}`);
        for (const x of out.result.features_left_out ?? []) if (!/drive feature/.test(x.reason)) rows.push(`  left out ${x.feature_name}: ${x.reason}`);
      }
    }
    console.log(rows.join('\n'));
    expect(n).toBeGreaterThanOrEqual(3);
    expect(sideOn).toBeGreaterThanOrEqual(1); // tennis_serve_amateur_1 is filmed side-on
  }, 600_000);
});

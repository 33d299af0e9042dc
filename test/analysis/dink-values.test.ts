/**
 * The dink's values (dink-measures.ts) on the labelled pickleball dinks of ../shared/media/labels
 * (strokes of the player the engine tracks, whose label names a dink), analysed as `dink` with the
 * labelled contact (support/labelled-strokes.ts), printed with their range: the in-sample ranges
 * in main/analysis/technique/README.md ("Dink values on the labelled dinks") are this output.
 */
import { describe, expect, it } from 'vitest';
import { clipSetup } from '../eval/clips.js';
import { readStrokeLabels, strokeKind } from '../eval/labels.js';
import { analysedLabels } from '../eval/strokes.js';
import { labelledStrokeResult } from './support/labelled-strokes.js';

describe('dink values on the labelled dinks', () => {
  it('measures each labelled dink of the tracked player', async () => {
    const labels = readStrokeLabels();
    const rows: string[] = [];
    const values = new Map<string, number[]>();
    const clips = new Set<string>();
    for (const [clip, l] of Object.entries(labels)) {
      if (!clip.startsWith('pickleball_')) continue;
      for (const s of analysedLabels(l, clipSetup(clip))) {
        if (strokeKind(s.stroke) !== 'dink') continue;
        let out;
        try {
          out = await labelledStrokeResult(clip, l, s, 'dink');
        } catch (e) {
          rows.push(`${clip} @${s.contact_frame} (${s.stroke}) not analysed: ${e instanceof Error ? e.message : String(e)}`);
          continue;
        }
        clips.add(clip);
        rows.push(`${clip} @${s.contact_frame} (${s.stroke}) [${s.group ?? clipSetup(clip).group ?? 'unknown'}] contact ${out.contact.frame} view ${out.result.camera_view?.view ?? '?'}`);
        for (const x of out.result.dink_measures ?? []) {
          rows.push(`  ${x.name} = ${x.value} ${x.unit} @${x.frame_nr}${x.fact ? ` (${x.fact})` : ''}`);
          values.set(x.name, [...(values.get(x.name) ?? []), x.value]);
        }
      }
    }
    for (const [name, v] of values) rows.push(`${name}: ${Math.min(...v)}–${Math.max(...v)} over ${v.length} strokes`);
    rows.push(`clips: ${clips.size}`);
    console.log(rows.join('\n'));
    expect(values.size).toBeGreaterThan(0);
  }, 600_000);
});

/** `npm run eval -- --labels F`: a labels file of our format (labels.ts), e.g. a library export. */
import { readFileSync } from 'node:fs';
import { addClipSetup } from './clips.js';
import { StrokeLabels } from './labels.js';
import type { Sport } from '../../main/contract/technique-names.js';

/**
 * The labels of `--labels F` (test/eval/labels.ts format; a library export adds each clip's
 * `sport` and `player_height_mm`, registered as its setup). With `--clip PATH` the file must
 * hold one clip, read from PATH.
 * @throws Error when the file is unreadable, not of the format, or holds more than one clip with `clip`.
 */
export function labelsFile(file: string, clip: string | undefined): StrokeLabels {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { sport?: Sport; player_height_mm?: number }>;
  const parsed = StrokeLabels.parse(raw);
  const names = Object.keys(parsed);
  if (clip !== undefined && names.length !== 1) throw new Error(`--clip PATH needs a labels file with one clip, ${file} has ${names.length}`);
  for (const name of names) {
    const r = raw[name]!;
    if (r.sport && r.player_height_mm) addClipSetup(name, { sport: r.sport, playerHeightMm: r.player_height_mm });
  }
  return parsed;
}

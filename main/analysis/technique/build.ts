/**
 * Turns feature definitions and their measurements into API.md Feature objects, and Features
 * into the `feature_categories` aggregate.
 */
import type { Feature, FeatureCategory, LeftOutFeature } from '../../contract/technique-schema.js';
import { warning, type Warning } from '../../contract/warning.js';
import { H36M_LIMBS } from '../../pose/h36m.js';
import type { FeatureDef, SwingContext } from './feature-types.js';
import { formatBand, formatValue } from './feature-types.js';
import { REFERENCES } from './references.js';
import { eventExtensions } from './events-confidence.js';
import { levelOf, position, SCORE_RANGES, scoreValue, valueRanges } from './scoring.js';

/** Human-readable names of the events features refer to. */
const EVENT_TITLES = {
  ball_contact: 'ball contact',
  backswing_end: 'end of backswing',
  follow_through: 'follow-through',
  forward_swing: 'forward swing',
} as const;

/**
 * The warning that says a feature was left out: code 'feature-left-out', "<Human name> was not
 * scored.", detail "<feature_name> left out: <reason>". Code that needs the left-out features
 * reads the result's `features_left_out`, never this text.
 */
export function leftOutWarning(entry: LeftOutFeature): Warning {
  return warning('feature-left-out', 'warning', `${entry.feature_human_readable_name} was not scored.`, { detail: `${entry.feature_name} left out: ${entry.reason}` });
}

/** Records a feature left out: its {@link leftOutWarning} in `warnings` and the entry in `leftOut` (result `features_left_out`). */
export function recordLeftOut(entry: LeftOutFeature, warnings: Warning[], leftOut: LeftOutFeature[]): void {
  warnings.push(leftOutWarning(entry));
  leftOut.push(entry);
}

/**
 * Measures one feature. Returns the Feature, or null, pushes a warning (naming the joints and
 * frame, or the reason) and records it in `leftOut` when it could not be measured honestly.
 */
export function buildFeature(def: FeatureDef, c: SwingContext, warnings: Warning[], leftOut: LeftOutFeature[] = []): Feature | null {
  const m = def.measure(c);
  const frameNr = c.p.pose3d.frameNr[m.frame] ?? m.frame;
  if (!m.ok) {
    const reason = m.reason ?? `${m.missing.join(', ')} not measured at frame ${frameNr} (${EVENT_TITLES[m.event]})`;
    recordLeftOut({ feature_name: def.name, feature_human_readable_name: def.human, reason }, warnings, leftOut);
    return null;
  }
  const ref = REFERENCES[def.name][c.sport];
  const ranges = valueRanges(ref);
  const score = scoreValue(m.value, ref);
  const level = levelOf(score);
  const proBand = formatBand(ranges.professional, def.unit);
  const where = position(m.value, ref);
  const ownBand = formatBand(ranges[level], def.unit);
  const comparison =
    where === 'ideal'
      ? `This is in the professional range (${proBand}).`
      : where === 'over'
        ? `This is past the professional range (${proBand}).`
        : `This is in the ${level} range (${ownBand}); professionals are at ${proBand}.`;
  const valueText = formatValue(m.value, def.unit);
  const suggestion = where === 'ideal' ? def.keep(proBand, c) : where === 'over' ? def.overshoot(proBand, c) : def.improve(proBand, c);
  return {
    feature_name: def.name,
    feature_human_readable_name: def.human,
    level,
    score,
    value: Math.round(m.value * 1e4) / 1e4,
    unit: def.unit,
    ...(m.atContact !== undefined ? { value_at_contact: Math.round(m.atContact * 1e4) / 1e4 } : {}),
    ...(m.confidence !== undefined ? { confidence: Math.round(m.confidence * 1000) / 1000 } : {}),
    observation: `${def.says(valueText, m.value, c)}. ${comparison}`,
    suggestion,
    feature_categories: [...def.categories],
    highlight_joints: def.joints(c),
    highlight_limbs: limbMap(def.limbs(c)),
    event: { name: m.event, timestamp: c.k.videoT[m.frame]!, frame_nr: frameNr, ...eventExtensions(c.phases, m.event) },
    score_ranges: { ...SCORE_RANGES },
    value_ranges: ranges,
    reference_source: ref.source,
  };
}

function limbMap(names: string[]): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const n of names) {
    const pair = H36M_LIMBS[n];
    if (!pair) throw new Error(`unknown H36M limb name "${n}"`);
    out[n] = [pair[0], pair[1]];
  }
  return out;
}

/** `feature_categories`: per category, the mean score (1 decimal), count and feature names. */
export function aggregateCategories(features: Feature[]): Record<string, FeatureCategory> {
  const out: Record<string, FeatureCategory> = {};
  for (const f of features) {
    for (const cat of f.feature_categories) {
      const c = (out[cat] ??= { average_score: 0, feature_count: 0, features: [] });
      c.features.push(f.feature_name);
      c.feature_count++;
      c.average_score += f.score;
    }
  }
  for (const c of Object.values(out)) c.average_score = Math.round((c.average_score / c.feature_count) * 10) / 10;
  return out;
}

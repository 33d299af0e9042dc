/**
 * Consistency of a player's strokes in one clip: per feature, the mean, sample standard
 * deviation and coefficient of variation over the analysed strokes (the CV, SD / |mean|, is the
 * usual movement-variability measure in tennis biomechanics, e.g. Whiteside et al. 2015,
 * J Sports Sci 33(7):675-686, who report stroke-to-stroke CVs of serve kinematics).
 */
import type { Feature, FeatureConsistency } from '../../contract/technique-schema.js';

/** Mean feature score of one stroke, 0–100, or null without features (the library's overall score). */
export function meanScore(features: readonly Feature[]): number | null {
  if (features.length === 0) return null;
  return features.reduce((s, f) => s + f.score, 0) / features.length;
}

/**
 * Per feature (in first-seen order) over the strokes' feature lists: `mean` and `sd` (n − 1
 * denominator; 0 for a single stroke) in the feature's unit, `cv` = sd / |mean| (null when the
 * mean is 0), `n` = strokes that have the feature. Values rounded to 0.001 (mean, sd) and
 * 0.0001 (cv).
 */
export function featureConsistency(strokes: readonly (readonly Feature[])[]): FeatureConsistency[] {
  const by = new Map<string, { unit: string; values: number[] }>();
  for (const features of strokes) {
    for (const f of features) {
      const e = by.get(f.feature_name) ?? { unit: f.unit ?? '', values: [] };
      e.values.push(f.value);
      by.set(f.feature_name, e);
    }
  }
  return [...by].map(([feature, { unit, values }]) => {
    const n = values.length;
    const mean = values.reduce((a, b) => a + b, 0) / n;
    const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1)) : 0;
    const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
    return { feature, unit, mean: round(mean, 3), sd: round(sd, 3), cv: mean === 0 ? null : round(sd / Math.abs(mean), 4), n };
  });
}

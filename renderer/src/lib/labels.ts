/**
 * Display words for contract values (swing types, sports, levels, feature categories) and score
 * colour classes.
 */
import type { Sport, StrokeSide, SwingType } from '../../../main/contract/technique-schema.js';

export { categoryLabel } from '../../../main/contract/display-names.js';

/** "Forehand drive" for forehand_drive. */
export function swingLabel(s: SwingType): string {
  return s === 'forehand_drive' ? 'Forehand drive' : 'Backhand drive';
}

/**
 * A detected stroke's name (contract `Stroke.side` and `two_handed`): "Forehand", "Backhand
 * (two-handed)", "Backhand (one-handed)", "Serve" (serves and overheads: the detector cannot
 * tell them apart, main/analysis/README.md "Strokes"), "Forehand (two-handed)" for the rare
 * two-handed forehand.
 */
export function strokeLabel(side: StrokeSide, twoHanded: boolean): string {
  if (side === 'serve') return 'Serve';
  if (side === 'backhand') return twoHanded ? 'Backhand (two-handed)' : 'Backhand (one-handed)';
  return twoHanded ? 'Forehand (two-handed)' : 'Forehand';
}

/** "Tennis", "Pickleball" or "Other". */
export function sportLabel(s: Sport): string {
  return s === 'tennis' ? 'Tennis' : s === 'pickleball' ? 'Pickleball' : 'Other';
}

/** Capitalised level name ("Advanced"); unknown levels are shown as given. */
export function levelLabel(level: string): string {
  return level ? level.charAt(0).toUpperCase() + level.slice(1) : '—';
}

/**
 * Colour class of a 0..100 score: good ≥ 70, fair ≥ 40, poor below (our reading bands, not
 * the vendor's; the feature's own level is shown next to it).
 */
export function scoreClass(score: number | null): 'good' | 'fair' | 'poor' | 'none' {
  if (score === null || !Number.isFinite(score)) return 'none';
  return score >= 70 ? 'good' : score >= 40 ? 'fair' : 'poor';
}

/**
 * Display words for contract values (swing types, sports, levels, feature categories) and score
 * colour classes.
 */
import type { Sport, StrokeSide, SwingType } from '../../../main/contract/technique-schema.js';

import { SWING_TYPE_LABELS } from '../../../main/contract/technique-names.js';

export { categoryLabel } from '../../../main/contract/display-names.js';
import { strokeSideWord } from '../../../main/contract/display-names.js';

/** "Forehand drive" for forehand_drive, "Serve", "Dink" (contract SWING_TYPE_LABELS); an unknown stored type as given. */
export function swingLabel(s: SwingType): string {
  return SWING_TYPE_LABELS[s] ?? s;
}

/**
 * A detected stroke's name (contract `Stroke.side` and `two_handed`): "Forehand", "Backhand
 * (two-handed)", "Backhand (one-handed)", "Serve" (serves and overheads: the detector cannot
 * tell them apart, main/analysis/README.md "Strokes"; "Overhead" in pickleball, whose serve is
 * underhand: contract display-names.ts strokeSideWord), "Forehand (two-handed)" for the rare
 * two-handed forehand; a stroke whose swing type is `dink` (our extension) "Dink (forehand)".
 */
export function strokeLabel(side: StrokeSide, twoHanded: boolean, swingType: SwingType | null = null, sport: Sport | null = null): string {
  if (side === 'serve') return sideLabel(side, sport);
  if (swingType === 'dink') return `Dink (${side})`;
  if (side === 'backhand') return twoHanded ? 'Backhand (two-handed)' : 'Backhand (one-handed)';
  return twoHanded ? 'Forehand (two-handed)' : 'Forehand';
}

/** A side's word with a capital (contract display-names.ts strokeSideWord): "Forehand", "Serve", "Overhead" (pickleball's hand-above-the-head stroke). */
export function sideLabel(side: string, sport: Sport | null = null): string {
  const w = strokeSideWord(side, sport);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** `noun` after "a" or "an" by its first letter: "a forehand", "an overhead". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

const SERVE_EVENT_LABELS: Readonly<Record<string, string>> = {
  toss_release: 'Toss release',
  trophy_position: 'Trophy position',
  racket_low_point: 'Racket low point',
  ball_contact: 'Ball contact',
  landing: 'Landing',
  follow_through: 'Follow-through end',
  backswing_end: 'Backswing end',
};

/** Words for a swing event name of a stroke's `events` ("Trophy position" for trophy_position); an unknown name with spaces for underscores. */
export function serveEventLabel(name: string): string {
  return SERVE_EVENT_LABELS[name] ?? name.replace(/_/g, ' ');
}

/** A serve stage name (contract ServeStage.name: start … finish) capitalised: "Cocking". */
export function serveStageLabel(name: string): string {
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : '—';
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

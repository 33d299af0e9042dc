/**
 * The library browser's filter form and its conversion to the `library.listSessions` filter:
 * empty fields are left out, dates are whole days (inclusive), tags are trimmed.
 */
import type { Sport, SwingType } from '../../../../main/contract/technique-schema.js';
import type { SessionFilter } from '../../../../main/library/library-types.js';

/** The filter form: every field as the form holds it ('' = any). */
export interface FilterForm {
  text: string;
  playerId: number | null;
  sport: Sport | '';
  swingType: SwingType | '';
  tag: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  /** YYYY-MM-DD or ''. */
  to: string;
}

/** A form with every field empty (shows all sessions). */
export function emptyFilter(): FilterForm {
  return { text: '', playerId: null, sport: '', swingType: '', tag: '', from: '', to: '' };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The `listSessions` filter for a form. `to` becomes the last instant of that day so the
 * range includes it. Dates not in YYYY-MM-DD form are ignored (the date input never makes them).
 */
export function toSessionFilter(form: FilterForm): SessionFilter {
  const f: SessionFilter = {};
  const text = form.text.trim();
  if (text) f.text = text;
  if (form.playerId !== null) f.playerId = form.playerId;
  if (form.sport) f.sport = form.sport;
  if (form.swingType) f.swingType = form.swingType;
  const tag = form.tag.trim();
  if (tag) f.tag = tag;
  if (DAY.test(form.from)) f.from = form.from;
  if (DAY.test(form.to)) f.to = `${form.to}T23:59:59.999Z`;
  return f;
}

/** Splits a comma-separated tag list: trimmed, no empties, no duplicates, in order. */
export function parseTags(input: string): string[] {
  const out: string[] = [];
  for (const raw of input.split(',')) {
    const t = raw.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/**
 * Words a person reads for the machine names of the technique contract that have no
 * human-readable field of their own: feature categories (`follow_through`, `power`). Features
 * carry `feature_human_readable_name`; categories do not (API.md "feature_categories" is keyed
 * by machine name), so the app, the PDF reports and the progress report name them here.
 */

/** Names of the categories the local analysis uses (main/analysis/features-*.ts). */
const CATEGORY_NAMES: Readonly<Record<string, string>> = {
  preparation: 'Preparation',
  power: 'Power',
  contact: 'Contact',
  follow_through: 'Follow-through',
  balance: 'Balance',
  other: 'Other',
};

/**
 * Display name of a feature category: "Follow-through" for `follow_through`; a category this
 * table does not know (a vendor's) is shown with spaces for underscores and a capital first
 * letter ("racket_path" → "Racket path").
 */
export function categoryLabel(name: string): string {
  const known = CATEGORY_NAMES[name];
  if (known) return known;
  const words = name.replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '—';
}

/**
 * The word for a detected stroke's side (contract `STROKE_SIDES`): "forehand", "backhand", and for
 * the detector's hand-above-the-head class `serve` (serves and overheads, main/analysis/strokes/
 * strokes.ts "Side"): "serve" in tennis, "overhead" in pickleball. A pickleball serve is struck
 * underhand with contact below the waist (USA Pickleball rules, issue 28 item 4), so the detector
 * classes it as a forehand or backhand, and a stroke with the hand above the head is an overhead.
 */
export function strokeSideWord(side: string, sport: string | null | undefined): string {
  return side === 'serve' && sport === 'pickleball' ? 'overhead' : side;
}

/**
 * What a stroke without a score shows where a score would stand (strip, CLI, PDF): "events only"
 * when it was analysed but scores no feature (a serve or dink: its events and values, no drive
 * score), "not analysed" when it was only detected (another swing type than the session's, or
 * too little pose).
 */
export function unscoredStrokeWord(s: { events: readonly unknown[] }): string {
  return s.events.length > 0 ? 'events only' : 'not analysed';
}

/**
 * The Unicode bidirectional formatting characters (Unicode 15, UAX #9 §2): the embeddings and
 * overrides U+202A–U+202E (LRE, RLE, PDF, LRO, RLO), the isolates U+2066–U+2069 (LRI, RLI, FSI,
 * PDI), the marks U+200E/U+200F (LRM, RLM) and the Arabic letter mark U+061C. Invisible, yet an
 * override reorders what follows: "\u202Eevil" shows as "live".
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * `text` as shown to a person (CLI tables, PDF/HTML reports, CSV cells): without the
 * {@link BIDI_CONTROLS}, so stored text always reads in its logical order. Stripped rather than
 * isolated: an isolate (`<bdi>`, FSI…PDI) keeps an override from leaking into the text around the
 * name but still reverses the name itself, and right-to-left names (Arabic, Hebrew) need no
 * control characters to show in their own direction (their letters carry it).
 */
export function displayText(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

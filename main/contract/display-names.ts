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

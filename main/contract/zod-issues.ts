/**
 * The one way a zod validation failure becomes text, for every place that reports one (IPC
 * failures, the job queue, the CLI, the local service's 400s, the settings file, hand-over
 * entries, technique stream lines): `path: message` per issue (`player.heightMm: player height
 * must be between 500 and 2800 mm (got 100)`), the bare message for an issue on the whole value.
 */
/** What {@link zodIssueText} needs of an issue (zod's `$ZodIssue` has more). */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first `max` issues as one line, joined by `; `.
 * @param failure a ZodError (or anything with its `issues`), or the issues.
 * @param max how many issues to show (default 1: the first one names what to fix).
 * @returns 'invalid input' when there are no issues.
 */
export function zodIssueText(failure: { readonly issues: readonly IssueLike[] } | readonly IssueLike[], max = 1): string {
  const issues: readonly IssueLike[] = 'issues' in failure ? failure.issues : failure;
  if (issues.length === 0) return 'invalid input';
  return issues
    .slice(0, max)
    .map((i) => (i.path.length > 0 ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

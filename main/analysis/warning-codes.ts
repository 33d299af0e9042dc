/**
 * The codes of every warning the technique analysis gives (stroke-analysis.ts, kept-strokes.ts,
 * technique/, strokes/): what a recompute of a stored analysis (library/recompute.ts) replaces
 * with the new analysis' warnings, whatever their text said when they were stored. The pose
 * engine's, the job's and the library's warnings have other codes and stay.
 *
 * Decided: matched on the code, since an app update changes a warning's text (a reason reworded,
 * a number measured differently) and the old text would then stay beside the new one. A test
 * (test/analysis/warning-codes.test.ts) reads every code literal in main/analysis and checks it
 * is listed here.
 */
export const ANALYSIS_WARNING_CODES: ReadonlySet<string> = new Set([
  'backhand-hands',
  'ball-timestamp-outside',
  'coach-strokes-kept',
  'contact-timed-by-ball',
  'contact-hand-not-measured',
  'drive-features-not-scored',
  'feature-left-out',
  'joints-ignored',
  'pickleball-serve-fault',
  'pickleball-serve-unjudged',
  'series-gap',
  'slow-motion-guessed',
  'slow-motion-unknown',
  'stroke-doubted',
  'stroke-found-by-ball',
  'stroke-not-analysed',
  'stroke-substituted',
  'strokes-found',
  'swing-ruled-out',
  'technique-not-measured',
]);

/**
 * Leave-one-clip-out (issue 26 §1): every constant chosen from data is chosen on the other clips
 * and measured on the one left out. For each clip, `fit` sees every clip but that one and
 * `measure` applies the constants it chose to the left-out clip; the in-sample figures apply the
 * constants fitted on all clips to every clip. The harness prints the left-out aggregate as the
 * headline and the in-sample one beside it: their gap is the over-fit.
 */

/** One clip's data, named (the clip's file name). */
export interface LocoClip<D> {
  clip: string;
  data: D;
}

/** One fold: the clip left out, the constants chosen without it, its figures with them and in-sample. */
export interface LocoFold<C, F> {
  clip: string;
  /** Constants fitted on every clip but this one. */
  constants: C;
  /** measure(constants, this clip). */
  leftOut: F;
  /** measure(constants fitted on all clips, this clip). */
  inSample: F;
}

/** Result of {@link leaveOneClipOut}. */
export interface LocoResult<C, F, A> {
  /** One fold per clip, in input order. */
  folds: LocoFold<C, F>[];
  /** Constants fitted on all clips (what the in-sample figures use). */
  allConstants: C;
  /** aggregate of every fold's left-out figures: the headline. */
  leftOut: A;
  /** aggregate of every fold's in-sample figures. */
  inSample: A;
}

/** What {@link leaveOneClipOut} is given to fit, measure and sum up. */
export interface LocoSpec<D, C, F, A> {
  /** Chooses the constants from training clips (never sees the left-out one). */
  fit: (train: readonly LocoClip<D>[]) => C;
  /** The figures of one clip with the given constants. */
  measure: (constants: C, clip: LocoClip<D>) => F;
  /** Sums per-clip figures into the overall ones (ratios over all strokes, cross-clip tests). */
  aggregate: (figures: readonly F[]) => A;
}

/**
 * Leave-one-clip-out over `clips` (module doc). `fit` is called once per clip on the others and
 * once on all of them; with constants that do not depend on the data (a fit that returns fixed
 * values), left-out and in-sample figures are equal.
 * @throws RangeError with fewer than 2 clips (nothing to fit on once one is left out).
 * @throws Error when two clips share a name.
 */
export function leaveOneClipOut<D, C, F, A>(clips: readonly LocoClip<D>[], spec: LocoSpec<D, C, F, A>): LocoResult<C, F, A> {
  if (clips.length < 2) throw new RangeError(`leave-one-clip-out needs at least 2 clips, got ${clips.length}`);
  const names = new Set(clips.map((c) => c.clip));
  if (names.size !== clips.length) throw new Error(`leave-one-clip-out: clip names repeat (${clips.map((c) => c.clip).join(', ')})`);
  const allConstants = spec.fit(clips);
  const folds = clips.map((held): LocoFold<C, F> => {
    const constants = spec.fit(clips.filter((c) => c !== held));
    return { clip: held.clip, constants, leftOut: spec.measure(constants, held), inSample: spec.measure(allConstants, held) };
  });
  return {
    folds,
    allConstants,
    leftOut: spec.aggregate(folds.map((f) => f.leftOut)),
    inSample: spec.aggregate(folds.map((f) => f.inSample)),
  };
}

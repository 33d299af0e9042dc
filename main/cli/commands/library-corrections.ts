/**
 * `swing-studio library set-contact|set-side|delete-stroke|add-stroke`: the coach's stroke
 * corrections (main/library/stroke-corrections.ts), recomputed from the stored pose.
 *   set-contact <session>[:<stroke>] <frame>     the stroke's ball contact (default: the analysed stroke)
 *   set-side <session>:<stroke> <side> [--two-handed]   forehand, backhand or serve
 *   delete-stroke <session>:<stroke>             a false stroke
 *   add-stroke <session> <frame> --side <side> [--two-handed]   a missed stroke, contact at <frame>
 * Bad input is one LibraryError line and changes nothing.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { swingStudioHome } from '../../config/home.js';
import { parseStrokeRef, type StrokeRef } from '../../contract/stroke-ref.js';
import { STROKE_SIDES, type StrokeSide } from '../../contract/technique-schema.js';
import { openConfiguredLibrary } from '../../settings/library-location.js';
import { correctStroke, type CorrectionOutcome, type StrokeCorrection } from '../../library/stroke-corrections.js';
import { rowId } from '../options.js';

function strokeRef(value: string): StrokeRef {
  const r = parseStrokeRef(value);
  if (!r) throw new InvalidArgumentError('expected <session> or <session>:<stroke>, whole numbers ≥ 1 (e.g. 12:2)');
  return r;
}

function fullStrokeRef(value: string): StrokeRef {
  const r = strokeRef(value);
  if (r.strokeIndex === null) throw new InvalidArgumentError('expected <session>:<stroke> (e.g. 12:2)');
  return r;
}

function frameArg(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('expected a video frame number (a whole number ≥ 0)');
  return n;
}

function sideArg(value: string): StrokeSide {
  if (!(STROKE_SIDES as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${STROKE_SIDES.join(', ')}`);
  return value as StrokeSide;
}

function run(sessionId: number, c: StrokeCorrection): void {
  const db = openConfiguredLibrary(swingStudioHome());
  let out: CorrectionOutcome;
  try {
    out = correctStroke(db, sessionId, c);
  } finally {
    db.close();
  }
  const what = out.strokeIndex === null ? `${out.strokeCount} strokes left` : `stroke ${out.strokeIndex} of ${out.strokeCount}`;
  const score = out.overallScore === null ? '' : `, overall ${Math.round(out.overallScore)}`;
  process.stdout.write(`session ${sessionId}: ${c.op} done; ${what}${score}\n`);
}

/** Registers the stroke-correction subcommands on the `library` command. */
export function registerStrokeCorrections(lib: Command): void {
  lib
    .command('set-contact')
    .description('set a stroke\'s ball contact to a frame and recompute it from the stored pose')
    .argument('<ref>', '<session>[:<stroke>] (default: the analysed stroke)', strokeRef)
    .argument('<frame>', 'video frame number of the contact (from 0)', frameArg)
    .showHelpAfterError(false)
    .action((r: StrokeRef, frame: number) => run(r.sessionId, { op: 'set-contact', strokeIndex: r.strokeIndex, frame }));
  lib
    .command('set-side')
    .description('set a stroke\'s side (and two-handed flag) and recompute it from the stored pose')
    .argument('<ref>', '<session>:<stroke>', fullStrokeRef)
    .argument('<side>', STROKE_SIDES.join(', '), sideArg)
    .option('--two-handed', 'a two-handed stroke')
    .option('--one-handed', 'a one-handed stroke')
    .showHelpAfterError(false)
    .action((r: StrokeRef, side: StrokeSide, o: { twoHanded?: boolean; oneHanded?: boolean }) =>
      run(r.sessionId, { op: 'set-side', strokeIndex: r.strokeIndex!, side, ...(o.twoHanded ? { twoHanded: true } : o.oneHanded ? { twoHanded: false } : {}) }),
    );
  lib
    .command('delete-stroke')
    .description('delete a false stroke (the others are renumbered in time order)')
    .argument('<ref>', '<session>:<stroke>', fullStrokeRef)
    .showHelpAfterError(false)
    .action((r: StrokeRef) => run(r.sessionId, { op: 'delete-stroke', strokeIndex: r.strokeIndex! }));
  lib
    .command('add-stroke')
    .description('add a missed stroke with its contact at a frame, analysed from the stored pose')
    .argument('<session>', 'session id', rowId)
    .argument('<frame>', 'video frame number of the contact (from 0)', frameArg)
    .requiredOption('--side <side>', STROKE_SIDES.join(', '), sideArg)
    .option('--two-handed', 'a two-handed stroke')
    .showHelpAfterError(false)
    .action((id: number, frame: number, o: { side: StrokeSide; twoHanded?: boolean }) =>
      run(id, { op: 'add-stroke', frame, side: o.side, twoHanded: o.twoHanded === true }),
    );
}

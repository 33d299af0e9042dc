/**
 * `swing-studio export <session-id> --format pdf|csv|pose-csv|json|archive|kva|trc|mp4|handover|labels --out PATH`
 * (labels: the strokes in the evaluation harness's label format, main/export/stroke-labels.ts),
 * `swing-studio export --player <name-or-id> --format progress-pdf|csv --out PATH` and
 * `swing-studio export --compare <first> <second> --format pdf|mp4 --out PATH`, each stroke a session id
 * (its analysed stroke) or `<session-id>:<stroke>` (stroke k of the session, as `library show` lists them).
 * Prints the files written, one per line, on stdout. The mp4 exports show a cli-progress bar on a
 * TTY. Exit 1 with one stderr line on failure; nothing is left under PATH then. PATH inside the
 * Swing Studio home or library folder is refused (main/export/output-path.ts). The library is
 * opened for reading (main/library/db-read.ts), so a read-only library folder can be exported.
 */
import cliProgress from 'cli-progress';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { swingStudioHome } from '../../config/home.js';
import { COMPARE_EXPORT_FORMATS, exportComparison, type CompareExportFormat } from '../../export/compare-export.js';
import { exportPlayer, PLAYER_EXPORT_FORMATS, type PlayerExportFormat } from '../../export/player-export.js';
import { exportSession, exportSessionLabels, SESSION_EXPORT_FORMATS, type SessionExportFormat } from '../../export/session-export.js';
import type { ReadableDb } from '../../library/db.js';
import { openLibraryForReading } from '../../library/db-read.js';
import { formatStrokeRef, parseStrokeRef, type StrokeRef } from '../../contract/stroke-ref.js';
import { libraryRootOf } from '../../settings/library-location.js';
import { rowId } from '../options.js';

interface ExportOptions {
  format: string;
  out: string;
  player?: string;
  feature?: string;
  compare?: StrokeRef[];
}

/** Registers `export`. */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('export a session (or a player with --player) to a file')
    .argument('[session-id]', 'session id (see `library list`)', rowId)
    .addOption(new Option('--format <format>', 'what to write').choices([...new Set([...SESSION_EXPORT_FORMATS, 'labels', ...PLAYER_EXPORT_FORMATS, ...COMPARE_EXPORT_FORMATS])]).makeOptionMandatory())
    .requiredOption('--out <path>', 'output file')
    .option('--player <name-or-id>', 'export a player instead of a session (progress-pdf or csv)')
    .option('--feature <feature_name>', 'mp4: highlight this feature’s joints')
    .option('--compare <strokes...>', 'export the comparison of two strokes (first, second) as pdf or mp4: a session id (its analysed stroke) or <session-id>:<stroke>', collectStrokes, undefined)
    .action(async (sessionId: number | undefined, o: ExportOptions) => {
      const home = swingStudioHome();
      const db = openLibraryForReading(home, libraryRootOf(home));
      try {
        const files = o.compare !== undefined ? await compareExport(db, home, sessionId, o) : o.player !== undefined ? await playerExport(db, home, o) : await sessionExport(db, home, sessionId, o);
        for (const f of files) process.stdout.write(`${f}\n`);
      } finally {
        db.close();
      }
    });
}

/** Variadic `--compare` values as stroke references (`12` or `12:2`). */
function collectStrokes(value: string, previous: StrokeRef[] | undefined): StrokeRef[] {
  const ref = parseStrokeRef(value);
  if (!ref) throw new InvalidArgumentError(`expected a session id or <session-id>:<stroke> (e.g. 12 or 12:2), got "${value}"`);
  return [...(previous ?? []), ref];
}

/** A progress bar on a TTY for the long (mp4) exports, else null. */
function progressBar(format: string, label: string): cliProgress.SingleBar | null {
  return format === 'mp4' && process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: `${label} [{bar}] {percentage}% | ETA {eta}s` }, cliProgress.Presets.shades_classic) : null;
}

async function compareExport(db: ReadableDb, home: string, sessionId: number | undefined, o: ExportOptions): Promise<string[]> {
  const refs = o.compare!;
  if (sessionId !== undefined || refs.length !== 2) {
    const got = [...(sessionId === undefined ? [] : [String(sessionId)]), ...refs.map(formatStrokeRef)].join(' ') || 'none';
    throw new Error(`--compare takes exactly two strokes (first, second; a session id or <session-id>:<stroke>), got ${got}`);
  }
  if (!(COMPARE_EXPORT_FORMATS as readonly string[]).includes(o.format)) throw new Error(`--compare exports take --format ${COMPARE_EXPORT_FORMATS.join(' or ')}`);
  const bar = progressBar(o.format, 'side-by-side video');
  bar?.start(100, 0);
  try {
    return await exportComparison(db, refs[0]!, refs[1]!, o.format as CompareExportFormat, o.out, { home, onProgress: (share) => bar?.update(Math.round(share * 100)) });
  } finally {
    bar?.stop();
  }
}

async function playerExport(db: ReadableDb, home: string, o: ExportOptions): Promise<string[]> {
  if (!(PLAYER_EXPORT_FORMATS as readonly string[]).includes(o.format)) {
    throw new Error(`--player exports take --format ${PLAYER_EXPORT_FORMATS.join(' or ')}`);
  }
  return exportPlayer(db, o.player!, o.format as PlayerExportFormat, o.out, { home });
}

async function sessionExport(db: ReadableDb, home: string, sessionId: number | undefined, o: ExportOptions): Promise<string[]> {
  if (sessionId === undefined) throw new Error('give a session id, or --player for a player export');
  if (o.format === 'labels') return exportSessionLabels(db, sessionId, o.out, { home });
  if (!(SESSION_EXPORT_FORMATS as readonly string[]).includes(o.format)) {
    throw new Error(`session exports take --format ${SESSION_EXPORT_FORMATS.join(', ')}`);
  }
  const bar = progressBar(o.format, 'overlay video');
  bar?.start(100, 0);
  try {
    return await exportSession(db, sessionId, o.format as SessionExportFormat, o.out, {
      feature: o.feature,
      home,
      onProgress: (share) => bar?.update(Math.round(share * 100)),
    });
  } finally {
    bar?.stop();
  }
}

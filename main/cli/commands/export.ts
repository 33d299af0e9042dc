/**
 * `swing-studio export <session-id> --format pdf|csv|pose-csv|json|archive|kva|trc|mp4|handover --out PATH`,
 * `swing-studio export --player <name-or-id> --format progress-pdf|csv --out PATH` and
 * `swing-studio export --compare <first-id> <second-id> --format pdf|mp4 --out PATH`.
 * Prints the files written, one per line, on stdout. The mp4 exports show a cli-progress bar on a
 * TTY. Exit 1 with one stderr line on failure; nothing is left under PATH then.
 */
import cliProgress from 'cli-progress';
import { Option, type Command } from 'commander';
import { swingStudioHome } from '../../config/home.js';
import { COMPARE_EXPORT_FORMATS, exportComparison, type CompareExportFormat } from '../../export/compare-export.js';
import { exportPlayer, PLAYER_EXPORT_FORMATS, type PlayerExportFormat } from '../../export/player-export.js';
import { exportSession, SESSION_EXPORT_FORMATS, type SessionExportFormat } from '../../export/session-export.js';
import type { WritableDb } from '../../library/db.js';
import { openConfiguredLibrary } from '../../settings/library-location.js';
import { rowId } from '../options.js';

interface ExportOptions {
  format: string;
  out: string;
  player?: string;
  feature?: string;
  compare?: number[];
}

/** Registers `export`. */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('export a session (or a player with --player) to a file')
    .argument('[session-id]', 'session id (see `library list`)', rowId)
    .addOption(new Option('--format <format>', 'what to write').choices([...new Set([...SESSION_EXPORT_FORMATS, ...PLAYER_EXPORT_FORMATS, ...COMPARE_EXPORT_FORMATS])]).makeOptionMandatory())
    .requiredOption('--out <path>', 'output file')
    .option('--player <name-or-id>', 'export a player instead of a session (progress-pdf or csv)')
    .option('--feature <feature_name>', 'mp4: highlight this feature’s joints')
    .option('--compare <session-ids...>', 'export the comparison of two sessions (first, second) as pdf or mp4', collectIds, undefined)
    .action(async (sessionId: number | undefined, o: ExportOptions) => {
      const db = openConfiguredLibrary(swingStudioHome());
      try {
        const files = o.compare !== undefined ? await compareExport(db, sessionId, o) : o.player !== undefined ? await playerExport(db, o) : await sessionExport(db, sessionId, o);
        for (const f of files) process.stdout.write(`${f}\n`);
      } finally {
        db.close();
      }
    });
}

/** Variadic `--compare` values as row ids. */
function collectIds(value: string, previous: number[] | undefined): number[] {
  return [...(previous ?? []), rowId(value)];
}

/** A progress bar on a TTY for the long (mp4) exports, else null. */
function progressBar(format: string, label: string): cliProgress.SingleBar | null {
  return format === 'mp4' && process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: `${label} [{bar}] {percentage}% | ETA {eta}s` }, cliProgress.Presets.shades_classic) : null;
}

async function compareExport(db: WritableDb, sessionId: number | undefined, o: ExportOptions): Promise<string[]> {
  const ids = o.compare!;
  if (sessionId !== undefined || ids.length !== 2) throw new Error(`--compare takes exactly two session ids (first, second), got ${[...(sessionId === undefined ? [] : [sessionId]), ...ids].join(' ') || 'none'}`);
  if (!(COMPARE_EXPORT_FORMATS as readonly string[]).includes(o.format)) throw new Error(`--compare exports take --format ${COMPARE_EXPORT_FORMATS.join(' or ')}`);
  const bar = progressBar(o.format, 'side-by-side video');
  bar?.start(100, 0);
  try {
    return await exportComparison(db, ids[0]!, ids[1]!, o.format as CompareExportFormat, o.out, { onProgress: (share) => bar?.update(Math.round(share * 100)) });
  } finally {
    bar?.stop();
  }
}

async function playerExport(db: WritableDb, o: ExportOptions): Promise<string[]> {
  if (!(PLAYER_EXPORT_FORMATS as readonly string[]).includes(o.format)) {
    throw new Error(`--player exports take --format ${PLAYER_EXPORT_FORMATS.join(' or ')}`);
  }
  return exportPlayer(db, o.player!, o.format as PlayerExportFormat, o.out);
}

async function sessionExport(db: WritableDb, sessionId: number | undefined, o: ExportOptions): Promise<string[]> {
  if (sessionId === undefined) throw new Error('give a session id, or --player for a player export');
  if (!(SESSION_EXPORT_FORMATS as readonly string[]).includes(o.format)) {
    throw new Error(`session exports take --format ${SESSION_EXPORT_FORMATS.join(', ')}`);
  }
  const bar = progressBar(o.format, 'overlay video');
  bar?.start(100, 0);
  try {
    return await exportSession(db, sessionId, o.format as SessionExportFormat, o.out, {
      feature: o.feature,
      onProgress: (share) => bar?.update(Math.round(share * 100)),
    });
  } finally {
    bar?.stop();
  }
}

/**
 * `swing-studio export <session-id> --format pdf|csv|pose-csv|json|archive|kva|trc|mp4|handover --out PATH`
 * and `swing-studio export --player <name-or-id> --format progress-pdf|csv --out PATH`.
 * Prints the files written, one per line, on stdout. The mp4 export shows a cli-progress bar on a
 * TTY. Exit 1 with one stderr line on failure; nothing is left under PATH then.
 */
import cliProgress from 'cli-progress';
import { Option, type Command } from 'commander';
import { swingStudioHome } from '../../config/home.js';
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
}

/** Registers `export`. */
export function registerExport(program: Command): void {
  program
    .command('export')
    .description('export a session (or a player with --player) to a file')
    .argument('[session-id]', 'session id (see `library list`)', rowId)
    .addOption(new Option('--format <format>', 'what to write').choices([...SESSION_EXPORT_FORMATS, ...PLAYER_EXPORT_FORMATS]).makeOptionMandatory())
    .requiredOption('--out <path>', 'output file')
    .option('--player <name-or-id>', 'export a player instead of a session (progress-pdf or csv)')
    .option('--feature <feature_name>', 'mp4: highlight this feature’s joints')
    .action(async (sessionId: number | undefined, o: ExportOptions) => {
      const db = openConfiguredLibrary(swingStudioHome());
      try {
        const files = o.player !== undefined ? await playerExport(db, o) : await sessionExport(db, sessionId, o);
        for (const f of files) process.stdout.write(`${f}\n`);
      } finally {
        db.close();
      }
    });
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
  const bar = o.format === 'mp4' && process.stderr.isTTY ? new cliProgress.SingleBar({ stream: process.stderr, format: 'overlay video [{bar}] {percentage}% | ETA {eta}s' }, cliProgress.Presets.shades_classic) : null;
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

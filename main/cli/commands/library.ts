/**
 * `swing-studio library list|show|delete`: browse the library from the terminal.
 *   list [--player NAME] [--from DATE] [--to DATE] [--sport S] [--swing T] [--tag TAG] [--text WORDS] [--limit N] [--json]
 *   show <id> [--json]       feature table of a session (JSON: summary + features + pose frame counts)
 *   delete <id>              removes the session, its analyses, archives and (unshared) clip
 *   set-capture-fps <id> <fps|none>   the session's capture frame rate (slow motion; none = real
 *                            time): its analysis is recomputed from the stored pose (a session the
 *                            coach corrected keeps its strokes, measured again at the new rate)
 *   set-contact, set-side, delete-stroke, add-stroke   stroke corrections (library-corrections.ts)
 */
import { InvalidArgumentError, type Command } from 'commander';
import { swingStudioHome } from '../../config/home.js';
import { SPORTS, SWING_TYPES, type Sport, type SwingType } from '../../contract/technique-schema.js';
import type { ReadableDb, WritableDb } from '../../library/db.js';
import { openLibraryForReading } from '../../library/db-read.js';
import { libraryRootOf, openConfiguredLibrary } from '../../settings/library-location.js';
import { analysedPlayerBox } from '../../library/analysed-player.js';
import { getSessionSummaryDetail } from '../../library/detail.js';
import { LibraryError } from '../../library/errors.js';
import { findPlayerByName } from '../../library/players.js';
import { setCaptureFps } from '../../library/recompute.js';
import { deleteSession, listSessions } from '../../library/sessions.js';
import type { SessionFilter } from '../../library/library-types.js';
import { CaptureFps, IsoDateOrDateTime, SportInput } from '../../contract/fields.js';
import { numberIn, optionFrom, rowId, swingTypeOption } from '../options.js';
import { sessionJson } from '../session-json.js';
import { featureTable, sessionListTable } from '../tables.js';
import { registerStrokeCorrections } from './library-corrections.js';

interface ListOptions {
  player?: string;
  from?: string;
  to?: string;
  sport?: Sport;
  swing?: SwingType;
  tag?: string;
  text?: string;
  limit?: number;
  json?: boolean;
}

/** Opens the library of SWING_STUDIO_HOME (or the default home) writable, runs `fn`, closes it. */
async function withLibrary<T>(fn: (db: WritableDb) => T | Promise<T>): Promise<T> {
  const db = openConfiguredLibrary(swingStudioHome());
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/**
 * Opens the library for reading (main/library/db-read.ts: read-only when it can be, so a
 * read-only library folder can be listed and shown), runs `fn`, closes it.
 */
async function withReadLibrary<T>(fn: (db: ReadableDb) => T | Promise<T>): Promise<T> {
  const home = swingStudioHome();
  const db = openLibraryForReading(home, libraryRootOf(home));
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/** Registers `library` and its subcommands. */
export function registerLibrary(program: Command): void {
  const lib = program.command('library').description('list, show and delete stored sessions; set their capture frame rate; correct their strokes').showHelpAfterError(false);

  lib
    .command('list')
    .description('list sessions: id, player, date, sport, swing type, overall score')
    .option('--player <name>', 'only this player')
    .option('--from <date>', 'recorded on or after (ISO 8601 date, or date-time with zone)', optionFrom(IsoDateOrDateTime))
    .option('--to <date>', 'recorded on or before (ISO 8601 date, or date-time with zone)', optionFrom(IsoDateOrDateTime))
    .option('--sport <sport>', `one of ${SPORTS.join(', ')}`, optionFrom(SportInput))
    .option('--swing <type>', `one of ${SWING_TYPES.join(', ')} (forehand and backhand name the drives)`, swingTypeOption)
    .option('--tag <tag>', 'only sessions with this tag')
    .option('--text <words>', 'full-text search in title, notes and player name')
    .option('--limit <n>', 'most sessions to list (default 100)', numberIn(1, 1000))
    .option('--json', 'print JSON on stdout')
    .showHelpAfterError(false)
    .action((opts: ListOptions) =>
      withReadLibrary((db) => {
        const filter: SessionFilter = {
          ...(opts.from ? { from: opts.from } : {}),
          ...(opts.to ? { to: opts.to } : {}),
          ...(opts.sport ? { sport: opts.sport } : {}),
          ...(opts.swing ? { swingType: opts.swing } : {}),
          ...(opts.tag ? { tag: opts.tag } : {}),
          ...(opts.text ? { text: opts.text } : {}),
          ...(opts.limit ? { limit: Math.floor(opts.limit) } : {}),
        };
        if (opts.player !== undefined) {
          const p = findPlayerByName(db, opts.player);
          if (!p) throw new LibraryError('not-found', `no player named ${JSON.stringify(opts.player)}`);
          filter.playerId = p.id;
        }
        const rows = listSessions(db, filter);
        process.stdout.write(opts.json ? `${JSON.stringify(rows, null, 2)}\n` : `${sessionListTable(rows)}\n`);
      }),
    );

  lib
    .command('show')
    .description('show a session: features with scores and levels')
    .argument('<id>', 'session id', rowId)
    .option('--json', 'print JSON on stdout')
    .showHelpAfterError(false)
    .action((id: number, opts: { json?: boolean }) =>
      withReadLibrary((db) => {
        const d = getSessionSummaryDetail(db, id); // no pose BLOBs read for a summary (the 2D pose row only for the analysed person's box: analysed-player.ts)
        if (!d) throw new LibraryError('not-found', `no session with id ${id}`);
        process.stdout.write(opts.json ? `${JSON.stringify(sessionJson(d), null, 2)}\n` : `${featureTable(d, d.analysis && d.contact ? analysedPlayerBox(db, d.analysis.id, d.contact.frameNr) : null)}\n`);
      }),
    );

  lib
    .command('delete')
    .description('delete a session with its analyses, archives and clip')
    .argument('<id>', 'session id', rowId)
    .showHelpAfterError(false)
    .action((id: number) =>
      withLibrary((db) => {
        deleteSession(db, id);
        process.stdout.write(`deleted session ${id}\n`);
      }),
    );

  lib
    .command('set-capture-fps')
    .description('set the frame rate the camera recorded at (slow motion) and recompute the analysis from the stored pose (the coach\'s stroke corrections are kept)')
    .argument('<id>', 'session id', rowId)
    .argument('<fps>', `capture frame rate, frames/s (e.g. 240), or "none" for real time`, captureFpsArg)
    .showHelpAfterError(false)
    .action((id: number, fps: number | null) =>
      withLibrary((db) => {
        const out = setCaptureFps(db, id, fps);
        const rate = fps === null ? 'real time' : `capture ${fps} fps`;
        const score = out.overallScore === null ? '' : `, overall ${Math.round(out.overallScore)}`;
        const contact = out.contact ? `, contact at frame ${out.contact.frameNr}` : '';
        const kept = out.keptCoachStrokes === null ? '' : `, the coach's ${out.keptCoachStrokes} stroke${out.keptCoachStrokes === 1 ? '' : 's'} kept`;
        process.stdout.write(`session ${id}: ${rate}${out.analysisId === null ? ' (no analysis to recompute)' : `; analysis recomputed${kept}${contact}${score}`}\n`);
      }),
    );
  registerStrokeCorrections(lib);
}

/**
 * `none` (real time) or a capture frame rate, checked by the shared CaptureFps field
 * (main/contract/fields.ts: 0 < x ≤ MAX_CAPTURE_FPS frames/s, the app's rule and message).
 */
function captureFpsArg(value: string): number | null {
  if (value.trim().toLowerCase() === 'none') return null;
  try {
    return optionFrom(CaptureFps, 'number')(value);
  } catch (err) {
    throw new InvalidArgumentError(`${(err as Error).message}, or "none" for real time`);
  }
}

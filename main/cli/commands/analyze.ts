/**
 * `swing-studio analyze <video…>`: technique analysis of one or more clips through the job
 * queue, stored in the library. The local service runs in-process by default (no account, no
 * network). Prints a feature table per clip (scores, levels, session id), or with --json the
 * stored session summaries on stdout. Exit code 1 when any clip failed (one stderr line each).
 */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { BallTimestampS, CaptureFps, HandInput, HeightMm, IsoDateOrDateTime, PlayerName, SportInput } from '../../contract/fields.js';
import { SPORTS, SWING_TYPES, type Hand, type Sport, type SwingType } from '../../contract/technique-schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { AnalysisJobInput, JobView } from '../../contract/job.js';
import { checkAnalysisInput, checkClipFile } from '../../jobs/validate.js';
import type { WritableDb } from '../../library/db.js';
import { getSessionSummaryDetail } from '../../library/detail.js';
import { analysedPlayerBox } from '../../library/analysed-player.js';
import { parsePlayerPoint, type PlayerPoint } from '../../contract/player-point.js';
import { InvalidArgumentError } from 'commander';
import { findPlayerByName } from '../../library/players.js';
import { addBackendOptions, backendsFor, type BackendOptions } from '../backend-options.js';
import { optionFrom, swingTypeOption } from '../options.js';
import { sessionJson } from '../session-json.js';
import { featureTable } from '../tables.js';
import { withQueue } from '../run-jobs.js';

/**
 * Height used for a new player when --height is not given, mm. Rough adult height; the
 * engine scales 3D lengths and speeds by it, so pass --height for real measurements.
 */
export const DEFAULT_HEIGHT_MM = 1750;
/** Name of the player when --player is not given. */
export const DEFAULT_PLAYER_NAME = 'Player';

interface AnalyzeOptions extends BackendOptions {
  player?: string;
  sport: Sport;
  swing: SwingType;
  hand?: Hand;
  height?: number;
  ballTime?: number;
  captureFps?: number;
  playerAt?: PlayerPoint;
  title?: string;
  recordedAt?: string;
  /** Keep the video where it is: the library links it (path + content hash) instead of copying it. */
  keepInPlace?: boolean;
  json?: boolean;
}

/** Registers `analyze`. */
export function registerAnalyze(program: Command): void {
  const cmd = program
    .command('analyze')
    .description('analyse swing clips and store them in the library (local engine by default)')
    .argument('<video...>', 'clip files (.mp4, .mov, .avi, .mkv)')
    .option('--player <name>', `player name (found or created in the library; default "${DEFAULT_PLAYER_NAME}")`, optionFrom(PlayerName))
    .option('--sport <sport>', `one of ${SPORTS.join(', ')}`, optionFrom(SportInput), 'tennis')
    .option('--swing <type>', `one of ${SWING_TYPES.join(', ')} (forehand and backhand name the drives)`, swingTypeOption, 'forehand_drive')
    .option('--hand <hand>', 'dominant hand: left or right (default: the player\'s, else right)', optionFrom(HandInput))
    .option('--height <mm>', `player height in mm (default: the player's, else ${DEFAULT_HEIGHT_MM})`, optionFrom(HeightMm, 'number'))
    .option('--ball-time <s>', 'ball contact time in seconds (detected when omitted)', optionFrom(BallTimestampS, 'number'))
    .option('--capture-fps <fps>', 'frame rate the camera recorded at, for slow-motion clips (e.g. 240): speeds in real time', optionFrom(CaptureFps, 'number'))
    .option('--player-at <x,y[@s]>', 'the person to analyse: a point on them in pixels of the video frame, at SECONDS on the clip (default the first frame), e.g. 612,388@2.4 (default: the engine picks the player)', playerAtArg)
    .option('--title <text>', 'session title (default: the file name)')
    .option('--recorded-at <date>', 'recording date, ISO 8601 date or date-time with zone (default: the file time)', optionFrom(IsoDateOrDateTime))
    .option('--keep-in-place', 'keep the video where it is: the library stores its path and content hash instead of a copy (a moved file is located again in the app)')
    .option('--json', 'print the stored session summaries as JSON on stdout')
    .showHelpAfterError(false);
  addBackendOptions(cmd).action(async (videos: string[], opts: AnalyzeOptions) => {
    // Bad files fail before anything starts; the input is checked once more with its player fields (enqueueAll), then taken as it is.
    for (const v of videos) checkClipFile(v);
    const { home, kind, backends } = backendsFor(opts);
    // Decided: refused rather than dropped: a remote service does not know player_point and would analyse its own choice of person.
    if (opts.playerAt && kind === 'remote') throw new Error('--player-at needs the local engine: a remote service does not know which person to analyse');
    const failed = await withQueue(
      home,
      backends,
      { quiet: Boolean(opts.json) && !process.stderr.isTTY, backend: kind },
      (queue, db) => enqueueAll(queue, db, videos, opts, kind),
      ({ jobs, interrupted }, db) => report(jobs, db, Boolean(opts.json), interrupted),
    );
    if (failed > 0) process.exitCode = 1;
  });
}

/** Validates every clip first (so one bad file stores nothing), then enqueues them all. */
function enqueueAll(queue: JobQueue, db: WritableDb, videos: string[], opts: AnalyzeOptions, backend: 'local' | 'remote'): number[] {
  const name = opts.player ?? DEFAULT_PLAYER_NAME;
  const existing = findPlayerByName(db, name);
  const inputs: AnalysisJobInput[] = videos.map((videoPath) =>
    checkAnalysisInput({
      videoPath: resolve(videoPath),
      player: {
        ...(existing ? { id: existing.id } : {}),
        name,
        dominantHand: opts.hand ?? existing?.dominantHand ?? 'right',
        heightMm: opts.height ?? existing?.heightMm ?? DEFAULT_HEIGHT_MM,
      },
      sport: opts.sport,
      swingType: opts.swing,
      backend,
      ...(opts.ballTime !== undefined ? { ballTimestampS: opts.ballTime } : {}),
      ...(opts.captureFps !== undefined ? { captureFps: opts.captureFps } : {}),
      ...(opts.playerAt !== undefined ? { playerPoint: opts.playerAt } : {}),
      ...(opts.title !== undefined ? { title: opts.title } : {}),
      ...(opts.recordedAt !== undefined ? { recordedAt: opts.recordedAt } : {}),
      ...(opts.keepInPlace ? { clipStorage: 'linked' as const } : {}),
    }),
  );
  return inputs.map((i) => queue.enqueueAnalysis(i));
}

/** Prints results; @returns how many jobs did not end done. */
function report(jobs: JobView[], db: WritableDb, json: boolean, interrupted: boolean): number {
  const out: object[] = [];
  let failed = 0;
  for (const j of jobs) {
    const file = 'videoPath' in j.input ? j.input.videoPath : '';
    // The summary query: the pose BLOBs are not read back (detail.ts getSessionSummaryDetail).
    const detail = j.state === 'done' && j.sessionId !== undefined ? getSessionSummaryDetail(db, j.sessionId) : null;
    if (!detail) {
      failed++;
      const why = interrupted ? 'interrupted; it resumes at the next run' : j.reason || j.state;
      process.stderr.write(`swing-studio: ${file}: ${why}\n`);
      continue;
    }
    if (json) out.push({ jobId: j.id, ...sessionJson(detail) });
    else process.stdout.write(`${featureTable(detail, detail.analysis && detail.contact ? analysedPlayerBox(db, detail.analysis.id, detail.contact.frameNr) : null)}\n\n`);
  }
  if (json) process.stdout.write(`${JSON.stringify(out.length === 1 && jobs.length === 1 ? out[0] : out, null, 2)}\n`);
  return failed;
}

/** `--player-at X,Y[@SECONDS]` (contract/player-point.ts): a bad value is one line and exit code 2. */
function playerAtArg(value: string): PlayerPoint {
  try {
    return parsePlayerPoint(value);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
}

/**
 * Exports of one player across sessions: the progress report (PDF) and the feature CSV of every
 * analysed session. Players are named by id or by exact name.
 */
import { writeFileAtomic } from '../files/index.js';
import type { ReadableDb } from '../library/db.js';
import { getSessionDetail } from '../library/detail.js';
import { playerFeatureHistory, playerStrokeHistory } from '../library/history.js';
import { findPlayerByName, getPlayer } from '../library/players.js';
import { listSessions } from '../library/sessions.js';
import type { FeatureHistoryPoint, Player, SessionDetail } from '../library/library-types.js';
import { featuresCsv } from './features-csv.js';
import type { PlayerExportFormat } from './formats.js';
import { htmlToPdfChromium } from './report/pdf-chromium.js';
import { progressReportHtml } from './report/progress-report.js';
import { ExportError, refuseExportTargets, type HtmlToPdf } from './session-export.js';

export { PLAYER_EXPORT_FORMATS, type PlayerExportFormat } from './formats.js';

/** A player by numeric id or exact name. @throws ExportError when there is none. */
export function resolvePlayer(db: ReadableDb, nameOrId: string): Player {
  const byId = /^\d+$/.test(nameOrId) ? getPlayer(db, Number(nameOrId)) : null;
  const p = byId ?? findPlayerByName(db, nameOrId);
  if (!p) throw new ExportError(`no player named or numbered "${nameOrId}"`);
  return p;
}

/** Every analysed session of a player, oldest first. */
export function playerSessionDetails(db: ReadableDb, playerId: number): SessionDetail[] {
  return listSessions(db, { playerId, limit: 1000 })
    .map((s) => getSessionDetail(db, s.id))
    .filter((d): d is SessionDetail => !!d && !!d.analysis)
    .sort((a, b) => a.session.recordedAt.localeCompare(b.session.recordedAt));
}

/**
 * A player's feature history with each session's per-stroke means (issue 11): where a session
 * has analysed strokes, a feature's score and value are their means over the strokes, with the
 * number of strokes and the SD of their scores (history.ts playerStrokeHistory; of several sides,
 * the one with the most strokes); sessions without strokes keep their one analysed stroke.
 */
export function progressHistory(db: ReadableDb, playerId: number): FeatureHistoryPoint[] {
  const byKey = new Map<string, ReturnType<typeof playerStrokeHistory>[number]>();
  for (const p of playerStrokeHistory(db, playerId)) {
    const key = `${p.sessionId}:${p.featureName}`;
    if ((byKey.get(key)?.n ?? 0) < p.n) byKey.set(key, p);
  }
  return playerFeatureHistory(db, playerId).map((h) => {
    const s = byKey.get(`${h.sessionId}:${h.featureName}`);
    return s ? { ...h, score: s.meanScore, value: s.mean, strokes: s.n, scoreSd: s.scoreSd } : h;
  });
}

/** The progress report page of a player. @throws ExportError when the player has no analysed session. */
export function playerProgressPage(db: ReadableDb, player: Player): string {
  const history = progressHistory(db, player.id);
  if (history.length === 0) throw new ExportError(`player "${player.name}" has no analysed session yet`);
  const categoriesByFeature: Record<string, string[]> = {};
  for (const d of playerSessionDetails(db, player.id)) {
    for (const f of d.features) categoriesByFeature[f.feature_name] = f.feature_categories;
  }
  return progressReportHtml(player, history, categoriesByFeature);
}

/**
 * Exports a player's data. `o.home`: the Swing Studio home folder (default swingStudioHome()).
 * @returns the files written.
 * @throws ExportError for an unknown player or one without analysed sessions; LibraryError
 *   `invalid-input` when `outPath` is inside the home or library folder (nothing is written).
 */
export async function exportPlayer(db: ReadableDb, nameOrId: string, format: PlayerExportFormat, outPath: string, o: { htmlToPdf?: HtmlToPdf; home?: string } = {}): Promise<string[]> {
  const player = resolvePlayer(db, nameOrId);
  refuseExportTargets(db, [outPath], o.home);
  if (format === 'csv') {
    writeFileAtomic(outPath, Buffer.from(featuresCsv(playerSessionDetails(db, player.id)), 'utf8'));
  } else {
    await (o.htmlToPdf ?? htmlToPdfChromium)(playerProgressPage(db, player), outPath);
  }
  return [outPath];
}

/**
 * Handlers of `export.*`, `import.handover` and `dialog.pickHandover`. The renderer never names
 * an output path: in Electron main asks with the native save dialog (`deps.saveFile`); in the
 * browser bridge files go to `<home>/exports/` and come back as download URLs. Every export refuses
 * a target inside the home or library folder (main/export/output-path.ts; `<home>/exports/`
 * excepted), so a save dialog cannot overwrite the library either. A hand-over is
 * read only when the user picked it this session (or it lies in the library).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ArchiveError } from '../archive/errors.js';
import { EXPORT_EXTENSIONS, type PlayerExportFormat, type SessionExportFormat } from '../export/formats.js';
import { exportComparison } from '../export/compare-export.js';
import { EXPORTS_FOLDER } from '../export/output-path.js';
import { HandoverError, importHandover } from '../export/handover-import.js';
import { exportPlayer, resolvePlayer } from '../export/player-export.js';
import { ExportError, exportSession } from '../export/session-export.js';
import { getSession } from '../library/sessions.js';
import { getPlayer } from '../library/players.js';
import type { Session } from '../library/library-types.js';
import { pathsOf } from '../library/paths.js';
import type { Channel, ExportResult } from '../../preload/contract.js';
import { HandlerError } from './errors.js';
import { allowedPath } from './path-policy.js';
import type { HandlerDeps, Handlers } from './handler-types.js';

/** The export channels. */
export type ExportChannel = Extract<Channel, `export.${string}` | 'import.handover' | 'dialog.pickHandover'>;

/** Folder of browser-mode exports (served by the bridge at `/exports/<name>`). */
export function exportsDir(home: string): string {
  const dir = join(home, EXPORTS_FOLDER);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** A file-system-safe base name: letters, digits, dash; at most 80 characters. */
export function safeBaseName(parts: string[]): string {
  return parts.join('-').normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'export';
}

function rethrow(err: unknown): never {
  if (err instanceof ExportError) throw new HandlerError('not-found', err.message);
  if (err instanceof ArchiveError) throw new HandlerError('decode', `the hand-over is not a valid archive: ${err.message}`, 'Ask the sender to export it again.');
  if (err instanceof HandoverError) {
    throw new HandlerError(err.code === 'invalid' ? 'decode' : 'input', err.message, err.code === 'conflict' ? 'Nothing was changed in your library.' : undefined);
  }
  throw err;
}

/** Export formats that read the video's bytes (a report's key frames, the videos, the hand-over); the others read only the stored rows. */
const VIDEO_FORMATS: readonly string[] = ['pdf', 'mp4', 'kva', 'handover'];

/**
 * Refuses, with one line and what to do, an export that reads the video of a session whose video is
 * kept in place (linked, main/library/linked-clips.ts) and is not at its path: before the save dialog.
 * @throws HandlerError 'input'
 */
function requireLinkedVideo(s: Session, format: string): void {
  if (s.clipStorage !== 'linked' || !VIDEO_FORMATS.includes(format) || existsSync(s.clipPath)) return;
  throw new HandlerError('input', `the video of "${s.title || `session ${s.id}`}" is not where it was (${s.clipPath})`, 'Open the session and choose Locate… first.');
}

/** Handlers of the export and import channels. */
export function exportHandlers(deps: HandlerDeps): Pick<Handlers, ExportChannel> {
  const { db, home, picked } = deps;

  /** Where to write: the save dialog's choice (Electron) or a fresh name under exports/ (bridge). null = cancelled. */
  const target = async (base: string, format: SessionExportFormat | PlayerExportFormat): Promise<string | null> => {
    const name = `${base}${EXPORT_EXTENSIONS[format]}`;
    if (deps.saveFile) return deps.saveFile(name);
    return join(exportsDir(home), `${new Date().toISOString().replace(/[:.]/g, '')}-${name}`);
  };
  const result = (files: string[]): ExportResult => ({
    files,
    downloadUrls: deps.saveFile || !deps.exportUrl ? [] : files.map((f) => deps.exportUrl!(basename(f))),
  });

  return {
    'export.session': async ({ id, format, feature }) => {
      const s = getSession(db, id);
      if (!s) throw new HandlerError('not-found', `no session with id ${id}`);
      requireLinkedVideo(s, format);
      const player = getPlayer(db, s.playerId);
      const out = await target(safeBaseName([player?.name ?? 'player', s.recordedAt.slice(0, 10), s.swingType, format === 'pdf' ? 'report' : format]), format);
      if (!out) return null;
      try {
        return result(await exportSession(db, id, format, out, { feature, htmlToPdf: deps.htmlToPdf, home }));
      } catch (err) {
        rethrow(err);
      }
    },
    'export.player': async ({ playerId, format }) => {
      const player = getPlayer(db, playerId);
      if (!player) throw new HandlerError('not-found', `no player with id ${playerId}`);
      const out = await target(safeBaseName([player.name, format === 'csv' ? 'features' : 'progress']), format);
      if (!out) return null;
      try {
        return result(await exportPlayer(db, String(resolvePlayer(db, String(playerId)).id), format, out, { htmlToPdf: deps.htmlToPdf, home }));
      } catch (err) {
        rethrow(err);
      }
    },
    'export.compare': async ({ a, b, strokeA, strokeB, format }) => {
      const [sa, sb] = [getSession(db, a), getSession(db, b)];
      if (!sa || !sb) throw new HandlerError('not-found', `no session with id ${sa ? b : a}`);
      for (const x of [sa, sb]) requireLinkedVideo(x, format);
      const [pa, pb] = [getPlayer(db, sa.playerId), getPlayer(db, sb.playerId)];
      const out = await target(safeBaseName([pa?.name ?? 'first', 'vs', pb?.name ?? 'second', sa.recordedAt.slice(0, 10), format === 'pdf' ? 'comparison' : 'side-by-side']), format);
      if (!out) return null;
      try {
        return result(await exportComparison(db, { sessionId: a, strokeIndex: strokeA }, { sessionId: b, strokeIndex: strokeB }, format, out, { htmlToPdf: deps.htmlToPdf, home }));
      } catch (err) {
        rethrow(err);
      }
    },
    'import.handover': async ({ path, playerMerge }) => {
      const zip = await allowedPath(path, picked, pathsOf(db).root);
      try {
        const r = await importHandover(db, zip, { playerMerge });
        if (r.created) deps.emit('library.changed', { kind: 'session', id: r.sessionId, change: 'created' });
        return { status: r.created ? 'imported' : 'already-present', sessionId: r.sessionId };
      } catch (err) {
        if (err instanceof HandoverError && err.code === 'player-exists') {
          return { status: 'player-exists', playerName: err.message.match(/named "(.*)"/)?.[1] ?? '' };
        }
        rethrow(err);
      }
    },
    'dialog.pickHandover': async () => {
      if (!deps.pickHandover) {
        throw new HandlerError('input', 'the file dialog exists only in the desktop app', 'Use the upload button to choose the hand-over .zip in the browser.');
      }
      const entries = await Promise.all((await deps.pickHandover()).map((p) => picked.add(p)));
      return entries.map((e) => ({ path: e.path, name: e.name, sizeBytes: e.sizeBytes }));
    },
  };
}

/**
 * Exports and hand-over imports as the renderer runs them. An export asks main for the files
 * (`export.session` / `export.player`); in Electron main shows the save dialog and we toast
 * "Saved to …", in the browser bridge main writes under <home>/exports and we keep the
 * token-protected download URLs for the screen to offer as links. A hand-over import reads a
 * .zip picked this session (native dialog in Electron, upload in the browser) and, when the
 * player's name is already in the library, waits for the coach's merge/new choice.
 */
import type { StrokeRef } from '../../../../main/contract/stroke-ref.js';
import type { ExportResult, HandoverImportView } from '../../../../preload/contract.js';
import { call, canUpload, getApi, uploadVideo } from '../api.js';
import {
  COMPARE_EXPORT_LABELS,
  PLAYER_EXPORT_LABELS,
  SESSION_EXPORT_LABELS,
  downloadName,
  fileName,
  type CompareExportFormat,
  type PlayerExportFormat,
  type SessionExportFormat,
} from '../exports/export-formats.js';
import { toasts } from './toasts.svelte.js';

/** A file ready to download from the bridge. */
export interface Download {
  name: string;
  url: string;
}

/** The export runner (one export at a time). */
export class ExportManager {
  /** Label of the export running (e.g. 'PDF report'), null when idle. */
  busy = $state<string | null>(null);
  /** Browser bridge: the files of the last export, as download links. */
  downloads = $state<Download[]>([]);

  /**
   * Exports session `id` as `format`; `feature` (feature_name) highlights that feature's joints
   * in the mp4. Returns main's result, or null when the user cancelled the save dialog.
   * @throws ApiError (e.g. kind 'not-found' for a deleted session), Error when an export runs.
   */
  exportSession(id: number, format: SessionExportFormat, feature?: string): Promise<ExportResult | null> {
    const input = format === 'mp4' && feature ? { id, format, feature } : { id, format };
    return this.#run(SESSION_EXPORT_LABELS[format], () => call('export.session', input));
  }

  /** Exports player `playerId`'s progress report or feature CSV. Same results and errors as {@link exportSession}. */
  exportPlayer(playerId: number, format: PlayerExportFormat): Promise<ExportResult | null> {
    return this.#run(PLAYER_EXPORT_LABELS[format], () => call('export.player', { playerId, format }));
  }

  /** Exports the comparison of strokes `a` (first) and `b` (null stroke = the analysed one). Same results and errors as {@link exportSession}. */
  exportCompare(a: StrokeRef, b: StrokeRef, format: CompareExportFormat): Promise<ExportResult | null> {
    return this.#run(COMPARE_EXPORT_LABELS[format], () => call('export.compare', { a: a.sessionId, strokeA: a.strokeIndex, b: b.sessionId, strokeB: b.strokeIndex, format }));
  }

  /** Hides the download links. */
  clearDownloads(): void {
    this.downloads = [];
  }

  async #run(label: string, op: () => Promise<ExportResult | null>): Promise<ExportResult | null> {
    if (this.busy) throw new Error(`an export (${this.busy}) is still running`);
    this.busy = label;
    try {
      const result = await op();
      if (result) this.#announce(label, result);
      return result;
    } finally {
      this.busy = null;
    }
  }

  #announce(label: string, result: ExportResult): void {
    if (result.downloadUrls.length > 0) {
      this.downloads = result.downloadUrls.map((url) => ({ name: downloadName(url), url }));
      toasts.show('success', `${label} is ready to download.`);
    } else {
      toasts.show('success', `Saved to ${result.files.join(', ')}`);
    }
  }
}

/** What the import dialog shows. */
export type ImportStep =
  | { step: 'choose' }
  | { step: 'busy'; name: string }
  | { step: 'player-exists'; path: string; name: string; playerName: string };

/** The hand-over import (one at a time). */
export class HandoverImporter {
  state = $state<ImportStep>({ step: 'choose' });

  /** Whether the native dialog picks the file (Electron) — else the .zip is uploaded. */
  get canPick(): boolean {
    return getApi().mode === 'electron';
  }

  /** Whether the browser upload is available (bridge). */
  get canUpload(): boolean {
    return canUpload();
  }

  /** Electron: picks the .zip in the native dialog and imports it. Resolves null when nothing was picked. @throws ApiError */
  async pick(): Promise<HandoverImportView | null> {
    const [picked] = await call('dialog.pickHandover');
    return picked ? this.importPath(picked.path, picked.name) : null;
  }

  /** Browser: uploads the .zip to main and imports it. @throws ApiError (upload or import) */
  async upload(file: File): Promise<HandoverImportView | null> {
    this.state = { step: 'busy', name: file.name };
    try {
      const [picked] = await uploadVideo(file);
      if (!picked) throw new Error(`the upload of ${file.name} returned no file`);
      return await this.importPath(picked.path, file.name);
    } catch (err) {
      this.state = { step: 'choose' };
      throw err;
    }
  }

  /**
   * Imports the picked .zip at `path`. On 'player-exists' the state asks the coach; answer with
   * {@link resolvePlayer}. @throws ApiError (kind 'decode' for a broken archive)
   */
  async importPath(path: string, name = fileName(path), playerMerge: 'ask' | 'merge' | 'new' = 'ask'): Promise<HandoverImportView> {
    this.state = { step: 'busy', name };
    try {
      const r = await call('import.handover', { path, playerMerge });
      if (r.status === 'player-exists') {
        this.state = { step: 'player-exists', path, name, playerName: r.playerName ?? '' };
        return r;
      }
      this.state = { step: 'choose' };
      if (r.status === 'imported') toasts.show('success', `Imported ${name}.`);
      else toasts.show('info', `${name} is already in the library.`);
      return r;
    } catch (err) {
      this.state = { step: 'choose' };
      throw err;
    }
  }

  /** Answers the "player exists" question: merge into the player, import as a new one, or cancel (null). @throws ApiError */
  async resolvePlayer(choice: 'merge' | 'new' | null): Promise<HandoverImportView | null> {
    const s = this.state;
    if (s.step !== 'player-exists') return null;
    if (choice === null) {
      this.state = { step: 'choose' };
      return null;
    }
    return this.importPath(s.path, s.name, choice);
  }

  /** Back to the first step (dialog closed). */
  reset(): void {
    this.state = { step: 'choose' };
  }
}

/** The app's export runner. */
export const exportsStore = new ExportManager();

/** The app's hand-over importer. */
export const handoverImport = new HandoverImporter();

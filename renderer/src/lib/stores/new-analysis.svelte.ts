/**
 * The new-analysis screen's state: the chosen videos with their check results, the form, and
 * sending the jobs. Videos come from the native dialog (Electron), an upload (browser bridge)
 * or a typed path; each is checked by main (`jobs.check`) before it can be sent. One chosen video
 * is previewed; a click on its person sets that video's player point (the job's `playerPoint`).
 */
import type { VideoFileCheck } from '../../../../preload/contract.js';
import { call, canUpload, uploadVideo } from '../api.js';
import { emptyForm, validateForm, type AnalysisForm, type FormErrors } from './analysis-form.js';
import type { UnitSystem } from '../units.js';
import type { Player } from '../../../../main/library/library-types.js';
import type { PlayerPoint } from '../../../../main/contract/player-point.js';
import { clipStorageFor, type ClipStorageChoice } from './clip-storage-choice.js';

/** The new-analysis store. */
export class NewAnalysisManager {
  videos = $state<VideoFileCheck[]>([]);
  form = $state<AnalysisForm>(emptyForm());
  errors = $state<FormErrors>({});
  busy = $state(false);
  /** Whether the native file dialog exists (Electron) — else upload or type a path. */
  canPick = $state(false);
  canUpload = $state(false);
  /** All chosen videos can be analysed. */
  allOk = $derived(this.videos.length > 0 && this.videos.every((v) => v.ok));
  /** Path of the previewed video (null before any is chosen). */
  previewPath = $state<string | null>(null);
  /** URL of the previewed video on the confined media route (`media.previewUrl`); null while unknown. */
  previewUrl = $state<string | null>(null);
  /** Why the preview cannot be shown (main's message), null when it can. */
  previewError = $state<string | null>(null);
  /** Video path → the person clicked on its preview (source pixels, seconds); absent = automatic choice. */
  points = $state<Record<string, PlayerPoint>>({});
  /**
   * How the library keeps the videos (clip-storage-choice.ts): by size ('auto': kept in place from
   * 1 GB), or all copied / all kept in place. Only offered with the file dialog (Electron): an
   * upload through the browser bridge is a temp copy already, so it is always copied.
   */
  clipStorage = $state<ClipStorageChoice>('auto');

  /** Learns what the host can do (dialog or upload). @throws ApiError */
  async init(): Promise<void> {
    const info = await call('app.info');
    this.canPick = info.canPickFiles;
    this.canUpload = canUpload();
  }

  /** Opens the native dialog and adds the picked files. @throws ApiError */
  async pick(): Promise<void> {
    const picked = await call('dialog.pickVideos');
    await this.addPaths(picked.map((p) => p.path));
  }

  /** Uploads browser files to main and adds them. @throws ApiError */
  async upload(files: readonly File[]): Promise<void> {
    const paths: string[] = [];
    this.busy = true;
    try {
      for (const f of files) paths.push(...(await uploadVideo(f)).map((p) => p.path));
    } finally {
      this.busy = false;
    }
    await this.addPaths(paths);
  }

  /** Checks `paths` with main and adds them (a path already chosen is checked again, not doubled). @throws ApiError */
  async addPaths(paths: readonly string[]): Promise<void> {
    const trimmed = paths.map((p) => p.trim()).filter(Boolean);
    const fresh = trimmed.filter((p, i) => trimmed.indexOf(p) === i);
    if (fresh.length === 0) return;
    this.busy = true;
    try {
      const checks = await call('jobs.check', { paths: fresh });
      const kept = this.videos.filter((v) => !fresh.includes(v.path));
      this.videos = [...kept, ...checks];
      delete this.errors.videos;
    } finally {
      this.busy = false;
    }
    if (!this.videos.some((v) => v.path === this.previewPath)) await this.preview(this.videos.find((v) => v.ok)?.path ?? null);
  }

  /**
   * Shows chosen video `path` in the preview (null: none); its URL comes from main. Never rejects:
   * a refusal lands in {@link previewError} (the analysis then chooses the person itself).
   */
  async preview(path: string | null): Promise<void> {
    this.previewPath = path;
    this.previewUrl = this.previewError = null;
    if (path === null) return;
    try {
      const url = await call('media.previewUrl', { path });
      if (this.previewPath === path) this.previewUrl = url;
    } catch (err) {
      if (this.previewPath === path) this.previewError = err instanceof Error ? err.message : String(err);
    }
  }

  /** Sets (or with null clears) the person to analyse in video `path`: source pixels, t seconds on the clip. */
  setPoint(path: string, point: PlayerPoint | null): void {
    const { [path]: _old, ...rest } = this.points;
    this.points = point ? { ...rest, [path]: point } : rest;
  }

  /** Removes a chosen video (and its point; the preview moves to another chosen video). */
  remove(path: string): void {
    this.videos = this.videos.filter((v) => v.path !== path);
    this.setPoint(path, null);
    if (this.previewPath === path) void this.preview(this.videos.find((v) => v.ok)?.path ?? null);
  }

  /**
   * Validates the form; when valid, queues one job per video, clears the videos and returns
   * the job ids (empty when invalid: see `errors`). @throws ApiError
   */
  async submit(players: readonly Player[], units: UnitSystem): Promise<number[]> {
    const chosen = this.videos.map((v) => ({ path: v.path, durationS: v.durationS, ok: v.ok, ...(this.points[v.path] ? { playerPoint: this.points[v.path] } : {}) }));
    const { errors, inputs } = validateForm(this.form, chosen, players, units);
    this.errors = errors;
    if (inputs.length === 0) return [];
    this.busy = true;
    try {
      const size = (path: string) => this.videos.find((v) => v.path === path)?.sizeBytes ?? null;
      const stored = this.canPick ? inputs.map((i) => ({ ...i, clipStorage: clipStorageFor(this.clipStorage, size(i.videoPath)) })) : inputs;
      const ids = await call('jobs.enqueueAnalysis', stored);
      this.videos = [];
      this.points = {};
      this.previewPath = this.previewUrl = null;
      return ids;
    } finally {
      this.busy = false;
    }
  }
}

/** The app's new-analysis form. */
export const newAnalysis = new NewAnalysisManager();

/**
 * Shapes main sends to the renderer that are not library domain types: settings as the
 * renderer may see them, video checks of local files, picked files, connection tests, app info.
 * Job views are main/contract/job.ts's JobView, re-exported so the renderer has one import place.
 */
import type { Warning } from '../main/contract/warning.js';
import type { InferProviderView } from '../main/contract/infer-provider.js';

/** Settings as the renderer sees them (F's Settings minus window geometry, plus key status). */
export interface SettingsView {
  backend: 'local' | 'remote';
  remote: { baseUrl: string; techniqueUrl: string };
  units: 'metric' | 'imperial';
  theme: 'dark' | 'light' | 'system';
  /** Absolute path of the library folder in use (settings.libraryDir or `<home>/library`). */
  libraryDir: string;
  /** The folder chosen in Settings when it differs from the one in use (takes effect at the next start), else null. */
  libraryDirAfterRestart: string | null;
  /** Whether a remote API key is stored. The key itself never leaves main. */
  hasApiKey: boolean;
  /**
   * How the key is protected at rest: 'os' = Electron safeStorage (OS keychain / DPAPI /
   * libsecret), 'file' = AES-256-GCM with a 0600 key file (CLI and browser bridge), 'none' =
   * no protection available (storing is refused).
   */
  keyProtection: 'os' | 'file' | 'none';
  /** Which hardware runs the pose models of local analyses (SWING_INFER_PROVIDER, this machine's choice, the last analysis's). */
  inference: InferProviderView;
}

/** A file the user picked in the native dialog (or uploaded through the bridge). */
export interface PickedVideo {
  /** Absolute path main may read for this session. */
  path: string;
  /** File name shown to the user. */
  name: string;
  /** File size, bytes. */
  sizeBytes: number;
}

/** Check of one local video file against the upload and analysis rules. */
export interface VideoFileCheck {
  path: string;
  name: string;
  /** True when the file can be analysed (no problem below). */
  ok: boolean;
  /** Content type from the extension (API.md endpoint 1 table), null when unsupported. */
  contentType: string | null;
  sizeBytes: number | null;
  /** Duration, seconds (null when ffprobe could not read it). */
  durationS: number | null;
  /** Frames per second of the video stream (null when unknown). */
  fps: number | null;
  /** Frame width and height, pixels (null when unknown). */
  width: number | null;
  height: number | null;
  /** Human-readable reasons the file cannot be analysed (empty when ok). */
  problems: string[];
  /** Non-blocking remarks (e.g. below the recommended 30 fps or resolution), typed (main/contract/warning.ts). */
  warnings: Warning[];
  /** Estimated analysis time on the local engine, seconds (null when unknown). */
  estimatedComputeS: number | null;
}

/** Outcome of `settings.testConnection` when the backend answered. */
export interface ConnectionReport {
  backend: 'local' | 'remote';
  /** Round trip of the probe request, milliseconds. */
  latencyMs: number;
  /** What was reached, e.g. the base URL without query. */
  detail: string;
}

/** Facts about the running app. */
export interface AppInfo {
  mode: 'electron' | 'browser';
  /** package.json version. */
  version: string;
  /** process.platform of main. */
  platform: string;
  /** Whether `dialog.pickVideos` works (Electron) or files must be uploaded (browser bridge). */
  canPickFiles: boolean;
}

/** Jobs as main/jobs (JobQueue) reports them. */
export type { JobState, JobView, AnalysisJobInput, TennisJobInput } from '../main/contract/job.js';

/** Files an export wrote: paths on this machine and, in the browser bridge, URLs to download them. */
export interface ExportResult {
  files: string[];
  /** Browser bridge only: token-protected `/exports/<name>` URLs, one per file. */
  downloadUrls: string[];
}

/** Outcome of `import.handover`. */
export interface HandoverImportView {
  status: 'imported' | 'already-present' | 'player-exists';
  /** The session (imported, or already in the library). */
  sessionId?: number;
  /** player-exists: the name that is already in the library. */
  playerName?: string;
}

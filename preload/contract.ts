/**
 * The one IPC contract between the renderer and the main process. Every request the renderer
 * can make (channel → input schema → output type) and every event main pushes is listed here
 * once; the preload API, the main handlers (main/ipc/handlers.ts), the dispatcher
 * (main/ipc/dispatch.ts), the WebSocket bridge (main/bridge/) and the browser bridge client
 * (renderer/src/lib/bridge-client.ts) are all derived from it.
 *
 * Inputs are zod schemas: main validates every input with them (strict objects: unknown fields
 * are refused, so a renderer cannot smuggle e.g. a `clipPath`). Outputs and event payloads are
 * type markers ({@link returns}): main produces them, nothing validates them at run time.
 *
 * The renderer imports TYPES ONLY from this file (`import type`), so zod never enters the
 * renderer or the sandboxed preload bundle (which uses the name lists in ./channels.gen.ts).
 *
 * Around it: ./inputs.ts (input schemas several channels share), ./returns.ts (the output type
 * marker), ./api-types.ts (types derived from the contract, failure kinds, the renderer's API),
 * all re-exported here; fields shared with the CLI and the job queue are main/contract/fields.ts.
 */
import { z } from 'zod';
import { BackendInput, LocalPathInput, RowIdInput } from '../main/contract/fields.js';
import { AnalysisJobInputSchema } from '../main/contract/job-input.js';
import { COMPARE_EXPORT_FORMATS, PLAYER_EXPORT_FORMATS, SESSION_EXPORT_FORMATS } from '../main/export/formats.js';
import { ById, NoInput, SettingsPatchInput, StrokeIndexInput } from './inputs.js';
import { returns } from './returns.js';
import { LIBRARY_CONTRACT } from './library-contract.js';
import type {
  ExportResult,
  HandoverImportView,
  JobView,
  PickedVideo,
  SettingsView,
  VideoFileCheck,
  ConnectionReport,
  AppInfo,
} from './views.js';

export type * from './views.js';
export * from './api-types.js';
export { returns, type Returns } from './returns.js';
export { SessionFilterInput, SettingsPatchInput } from './inputs.js';
export { AnalysisJobInputSchema, LocalPathInput, RowIdInput };
export type { FeatureHistoryPoint, Player, SessionDetail, SessionStroke, SessionSummary, StrokeFeatureHistoryPoint } from '../main/library/library-types.js';
export type { Drawing, DrawingData, DrawingKind, DrawingPoint } from '../main/drawings/drawing.js';
export type { ReferenceStroke } from '../main/library/reference-strokes.js';
export type { ClipCheck } from '../main/library/linked-clips.js';

export type { StrokeCorrectionReply } from './library-contract.js';

/**
 * Channel name → `{input, output}`. Channel names are `<area>.<verb>`; `export.*` is reserved
 * for the export engineer.
 */
export const CONTRACT = {
  'app.info': { input: NoInput, output: returns<AppInfo>() },
  /** Opens an http(s) URL in the user's browser (Electron: shell.openExternal). */
  'app.openExternal': {
    input: z.strictObject({ url: z.url({ protocol: /^https?$/ }) }),
    output: returns<null>(),
  },

  ...LIBRARY_CONTRACT,

  'jobs.check': {
    input: z.strictObject({
      paths: z.array(LocalPathInput).min(1, 'paths must not be empty').max(50, 'at most 50 paths'),
    }),
    output: returns<VideoFileCheck[]>(),
  },
  /** Queues analyses; returns the job ids in input order. */
  'jobs.enqueueAnalysis': {
    input: z.array(AnalysisJobInputSchema).min(1, 'at least one job').max(100, 'at most 100 jobs at once'),
    output: returns<number[]>(),
  },
  'jobs.cancel': { input: ById, output: returns<null>() },
  'jobs.list': { input: NoInput, output: returns<JobView[]>() },

  /** Settings as the renderer sees them: never the API key, only whether one is stored. */
  'settings.get': { input: NoInput, output: returns<SettingsView>() },
  'settings.update': { input: SettingsPatchInput, output: returns<SettingsView>() },
  /**
   * Electron: the native folder dialog chooses the library folder (main never takes a path from
   * the renderer for it). Takes effect at the next start (`libraryDirAfterRestart`).
   */
  'settings.chooseLibraryFolder': { input: NoInput, output: returns<SettingsView>() },
  /** Stores (or with null removes) the remote API key. The key is never sent back. */
  'settings.setApiKey': {
    input: z.strictObject({
      key: z.string().trim().min(8, 'API key is too short').max(512, 'API key is too long').nullable(),
    }),
    output: returns<SettingsView>(),
  },
  /** Reaches the chosen backend (GET of its health or a video check) and reports the outcome. */
  'settings.testConnection': {
    input: z.strictObject({ backend: BackendInput }),
    output: returns<ConnectionReport>(),
  },

  /** Native open dialog (Electron only; the browser bridge answers kind 'input'). */
  'dialog.pickVideos': { input: NoInput, output: returns<PickedVideo[]>() },
  /** Native open dialog for a hand-over .zip (Electron only; the bridge uploads it instead). */
  'dialog.pickHandover': { input: NoInput, output: returns<PickedVideo[]>() },

  /**
   * Exports a session (main/export/README.md). The renderer never names the output path:
   * Electron asks with a native save dialog (null = the user cancelled); the bridge writes into
   * `<home>/exports/` and returns download URLs.
   */
  'export.session': {
    input: z.strictObject({
      id: RowIdInput,
      format: z.enum(SESSION_EXPORT_FORMATS),
      /** mp4 only: highlight this feature's joints (feature_name). */
      feature: z.string().max(200).optional(),
    }),
    output: returns<ExportResult | null>(),
  },
  /** Exports a player's progress report (PDF) or feature CSV over every analysed session. */
  'export.player': {
    input: z.strictObject({ playerId: RowIdInput, format: z.enum(PLAYER_EXPORT_FORMATS) }),
    output: returns<ExportResult | null>(),
  },
  /**
   * Exports the comparison of two strokes (main/export/compare-export.ts): sessions `a` (the first,
   * leading) and `b`, their strokes `strokeA` / `strokeB` (`SessionStroke.index`, from 1; null or
   * absent = the session's analysed stroke); pdf = the comparison report, mp4 = the side-by-side
   * video synchronised at ball contact. Output path as for `export.session`.
   */
  'export.compare': {
    input: z
      .strictObject({ a: RowIdInput, b: RowIdInput, strokeA: StrokeIndexInput, strokeB: StrokeIndexInput, format: z.enum(COMPARE_EXPORT_FORMATS) })
      .refine((v) => v.a !== v.b || v.strokeA !== v.strokeB, { message: 'compare two different strokes', path: ['strokeB'] }),
    output: returns<ExportResult | null>(),
  },
  /**
   * Imports a hand-over .zip picked this session. `playerMerge: 'ask'` answers
   * `{status: 'player-exists'}` when the library has a player with the same name, so the UI can
   * ask and call again with 'merge' or 'new'.
   */
  'import.handover': {
    input: z.strictObject({ path: LocalPathInput, playerMerge: z.enum(['ask', 'merge', 'new']).default('ask') }),
    output: returns<HandoverImportView>(),
  },

  /**
   * URL a <video> or <img> loads for a session's clip or thumbnail (null when the session has
   * no thumbnail). Electron: `swing-media://session/<id>/clip`; bridge:
   * `http://127.0.0.1:<port>/media/session/<id>/clip?t=<token>`.
   */
  'media.urlFor': {
    input: z.strictObject({ sessionId: RowIdInput, kind: z.enum(['clip', 'thumbnail']).default('clip') }),
    output: returns<string | null>(),
  },
  /**
   * URL a <video> loads to preview a chosen video before it is analysed (New analysis: the coach
   * clicks the person to analyse on it). `path` must be picked this session (dialog, upload) or lie
   * in the library folder (main/ipc/path-policy.ts). Electron: `swing-media://picked/<id>`; bridge:
   * `http://127.0.0.1:<port>/media/picked/<id>?t=<token>` (main/media/resolve.ts).
   */
  'media.previewUrl': {
    input: z.strictObject({ path: LocalPathInput }),
    output: returns<string>(),
  },
} as const;

/** A library change main announces after any write (by this window, a job or the CLI). */
export interface LibraryChange {
  kind: 'session' | 'player';
  id: number;
  change: 'created' | 'updated' | 'deleted';
}

/** A menu command the renderer carries out (Electron application menu). */
export interface AppCommand {
  command: 'new-analysis' | 'show-shortcuts' | 'open-settings';
}

/** Events main pushes to the renderer: name → payload. */
export const EVENTS = {
  /** A job changed state or progress (JobQueue 'job' event). */
  'jobs.changed': returns<JobView>(),
  'library.changed': returns<LibraryChange>(),
  /** The user chose a menu item that the renderer handles (File › New analysis, Help › Keyboard shortcuts…). */
  'app.command': returns<AppCommand>(),
} as const;


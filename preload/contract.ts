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
import {
  BackendInput,
  CaptureFps,
  HandInput,
  HeightMm,
  LocalPathInput,
  PlayerName,
  RowIdInput,
  SessionTags,
  SessionTitle,
  SwingTypeInput,
} from '../main/contract/fields.js';
import { AnalysisJobInputSchema } from '../main/contract/job-input.js';
import type { FeatureHistoryPoint, Player, SessionDetail, SessionSummary, StrokeFeatureHistoryPoint } from '../main/library/library-types.js';
import { STROKE_SIDES, TechniqueResult } from '../main/contract/technique-schema.js';
import type { ReferenceStroke } from '../main/library/reference-strokes.js';
import type { ClipCheck } from '../main/library/linked-clips.js';
import type { Drawing } from '../main/drawings/drawing.js';
import { DrawingDataSchema } from '../main/drawings/schema.js';
import { COMPARE_EXPORT_FORMATS, PLAYER_EXPORT_FORMATS, SESSION_EXPORT_FORMATS } from '../main/export/formats.js';
import { ById, NoInput, NotesText, SessionFilterInput, SettingsPatchInput, StrokeIndexInput } from './inputs.js';
import { returns } from './returns.js';
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

/** What library.correctStroke answers: the updated session, and its stored result before and after the correction (for undo / redo). */
export interface StrokeCorrectionReply {
  detail: SessionDetail;
  before: TechniqueResult;
  after: TechniqueResult;
}

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

  'library.listPlayers': { input: NoInput, output: returns<Player[]>() },
  'library.createPlayer': {
    input: z.strictObject({
      name: PlayerName,
      dominantHand: HandInput,
      heightMm: HeightMm,
      notes: NotesText.optional(),
    }),
    output: returns<Player>(),
  },
  'library.updatePlayer': {
    input: z.strictObject({
      id: RowIdInput,
      patch: z
        .strictObject({ name: PlayerName, dominantHand: HandInput, heightMm: HeightMm, notes: NotesText })
        .partial(),
    }),
    output: returns<Player>(),
  },
  'library.listSessions': { input: SessionFilterInput.optional(), output: returns<SessionSummary[]>() },
  /** Everything to review one session; pose tracks are typed arrays (decoded by the bridge client). */
  'library.getSession': { input: ById, output: returns<SessionDetail>() },
  'library.renameSession': {
    input: z.strictObject({
      id: RowIdInput,
      title: SessionTitle,
    }),
    output: returns<null>(),
  },
  'library.setTags': {
    input: z.strictObject({ id: RowIdInput, tags: SessionTags }),
    output: returns<null>(),
  },
  'library.setNotes': {
    input: z.strictObject({ id: RowIdInput, notes: NotesText }),
    output: returns<null>(),
  },
  /**
   * Sets the session's capture frame rate (frames/s the camera recorded at; null = real time)
   * and recomputes its analysis from the stored pose, without pose estimation
   * (main/library/recompute.ts); then `library.changed`.
   */
  'library.setCaptureFps': {
    input: z.strictObject({
      id: RowIdInput,
      captureFps: CaptureFps.nullable(),
    }),
    output: returns<null>(),
  },
  /**
   * A coach's correction of a stroke (main/library/stroke-corrections.ts): set its contact
   * (`strokeIndex` null = the analysed stroke), set its side and two-handed flag, delete it, or
   * add one at a frame; recomputed from the stored pose in one transaction. Returns the updated
   * session detail; then `library.changed`. Frames are video frame numbers (from 0). `restore`
   * puts back a `before` / `after` snapshot of an earlier reply (undo / redo).
   */
  'library.correctStroke': {
    input: z.strictObject({
      id: RowIdInput,
      correction: z.discriminatedUnion('op', [
        z.strictObject({ op: z.literal('set-contact'), strokeIndex: StrokeIndexInput, frame: z.int().min(0) }),
        z.strictObject({ op: z.literal('set-side'), strokeIndex: z.int().min(1), side: z.enum(STROKE_SIDES), twoHanded: z.boolean().optional() }),
        z.strictObject({ op: z.literal('delete-stroke'), strokeIndex: z.int().min(1) }),
        z.strictObject({ op: z.literal('add-stroke'), frame: z.int().min(0), side: z.enum(STROKE_SIDES), twoHanded: z.boolean().optional() }),
        z.strictObject({ op: z.literal('restore'), result: TechniqueResult }),
      ]),
    }),
    output: returns<StrokeCorrectionReply>(),
  },
  /** Deletes the session, its analyses and (when no other session uses it) its clip file. */
  'library.deleteSession': { input: ById, output: returns<null>() },
  /**
   * Whether the session's video is where the library says (main/library/linked-clips.ts checkClip):
   * a video kept in place (linked) may have been moved, deleted or changed.
   */
  'library.checkClip': { input: ById, output: returns<ClipCheck>() },
  /**
   * Points a linked session at its video's new place: `path` must be picked this session (the
   * file dialog, main/ipc/path-policy.ts) and have the stored content hash; another file is
   * refused (kind 'input', one line). Then `library.changed`.
   */
  'library.locateClip': { input: z.strictObject({ id: RowIdInput, path: LocalPathInput }), output: returns<ClipCheck>() },
  /** The drawings on a session's video (main/drawings/drawing.ts), by frame. */
  'library.listDrawings': { input: z.strictObject({ sessionId: RowIdInput }), output: returns<Drawing[]>() },
  /**
   * Stores a drawing of the session: new without `id`; with `id` it replaces that drawing (or
   * puts a deleted one back under its id: undo). Points in source-video pixels or H36M joints.
   */
  'library.saveDrawing': {
    input: z.strictObject({ sessionId: RowIdInput, id: RowIdInput.optional(), drawing: DrawingDataSchema }),
    output: returns<Drawing>(),
  },
  'library.deleteDrawing': { input: z.strictObject({ sessionId: RowIdInput, id: RowIdInput }), output: returns<null>() },
  /** Every player's reference stroke (main/library/reference-strokes.ts): what Compare with reference opens against. */
  'library.listReferenceStrokes': { input: NoInput, output: returns<ReferenceStroke[]>() },
  /**
   * Makes session `sessionId` (its stroke `strokeIndex`, strokes.idx from 1; null = its analysed stroke) player
   * `playerId`'s reference stroke, or with `sessionId: null` removes it; then `library.changed`
   * (player updated). Returns the reference now stored (null after removing).
   */
  'library.setReferenceStroke': {
    input: z.strictObject({
      playerId: RowIdInput,
      sessionId: RowIdInput.nullable(),
      strokeIndex: StrokeIndexInput,
    }),
    output: returns<ReferenceStroke | null>(),
  },
  /** A player's feature scores over time (progress charts). */
  'library.playerHistory': {
    input: z.strictObject({
      playerId: RowIdInput,
      featureName: z.string().max(200).optional(),
      swingType: SwingTypeInput.optional(),
    }),
    output: returns<FeatureHistoryPoint[]>(),
  },
  /**
   * A player's features per analysed session with their spread over the session's strokes
   * (mean, SD, n; main/library/history.ts playerStrokeHistory), optionally one stroke side and
   * one feature.
   */
  'library.strokeHistory': {
    input: z.strictObject({
      playerId: RowIdInput,
      side: z.enum(STROKE_SIDES).optional(),
      featureName: z.string().max(200).optional(),
    }),
    output: returns<StrokeFeatureHistoryPoint[]>(),
  },

  /** Probes local files (ffprobe) and checks them against the upload and analysis rules. */
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


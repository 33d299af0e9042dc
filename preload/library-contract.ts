/**
 * The library's IPC channels (`library.*`): players, sessions, strokes, drawings, reference
 * strokes, history, and a linked clip's check/locate. Part of {@link CONTRACT} (contract.ts),
 * which spreads it in; the same validation rules hold (inputs are zod schemas main validates,
 * outputs are typed by `returns`).
 */
import { z } from 'zod';
import {
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
import type { FeatureHistoryPoint, Player, SessionDetail, SessionSummary, StrokeFeatureHistoryPoint } from '../main/library/library-types.js';
import { STROKE_SIDES, TechniqueResult } from '../main/contract/technique-schema.js';
import type { ReferenceStroke } from '../main/library/reference-strokes.js';
import type { ClipCheck } from '../main/library/linked-clips.js';
import type { Drawing } from '../main/drawings/drawing.js';
import { DrawingDataSchema } from '../main/drawings/schema.js';
import { ById, NoInput, NotesText, SessionFilterInput, StrokeIndexInput } from './inputs.js';
import { returns } from './returns.js';

/** What library.correctStroke answers: the updated session, and its stored result before and after the correction (for undo / redo). */
export interface StrokeCorrectionReply {
  detail: SessionDetail;
  before: TechniqueResult;
  after: TechniqueResult;
}

/** The `library.*` channels: name → `{input, output}` (see contract.ts CONTRACT). */
export const LIBRARY_CONTRACT = {
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
} as const;

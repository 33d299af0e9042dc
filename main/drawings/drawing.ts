/**
 * Drawings a coach makes on the session video ("draw and measure"): line, arrow, angle, circle,
 * free hand (pencil) and text, each made on one video frame (Kinovea's key image) and shown over
 * a range of frames. Points are in SOURCE video pixels (x right, y down), so a drawing lands on
 * the same spot of the picture whatever the window size; a point of a line, arrow or angle may
 * instead name an H36M joint, and then follows the stored 2D pose frame by frame.
 *
 * This module holds the shape of a drawing and its rules (no zod: the renderer imports it); the
 * zod schema the IPC contract and the library validate with is ./schema.ts. Geometry is in
 * ./geometry.ts, painting in ./paint.ts.
 */

/** The drawing tools. `pencil` is free hand; `text` is a label. */
export const DRAWING_KINDS = ['line', 'arrow', 'angle', 'circle', 'pencil', 'text'] as const;
/** One of {@link DRAWING_KINDS}. */
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** Kinds whose points may be joints (their value follows the skeleton). */
export const ATTACHABLE_KINDS: readonly DrawingKind[] = ['line', 'arrow', 'angle'];

/**
 * Frames a new drawing is shown before and after the frame it was made on (inclusive range
 * frame − 20 … frame + 20). Source: Kinovea's default drawing visibility (InfosFading.cs: the
 * preferences' default `fadingFrames = 20`, `opaqueFrames = 1`), which fades a key-image drawing
 * out over 20 frames on each side; with {@link FADE_FRAMES} our default range fades the same way.
 */
export const DEFAULT_VISIBLE_FRAMES = 20;

/** Most points a free-hand stroke keeps (a 10 s drag sampled at 120 Hz ≈ 1200). */
export const MAX_PENCIL_POINTS = 2000;

/** Longest label, characters. */
export const MAX_TEXT_LENGTH = 200;

/** A point fixed on the picture: source-video pixels (x right, y down). */
export interface ImagePoint {
  x: number;
  y: number;
}

/** A point that follows an H36M joint (0..16, main/pose/h36m.ts) of the stored 2D pose. */
export interface JointPoint {
  joint: number;
}

/** A point of a drawing. */
export type DrawingPoint = ImagePoint | JointPoint;

/** True when the point follows a joint. */
export function isJointPoint(p: DrawingPoint): p is JointPoint {
  return 'joint' in p;
}

/**
 * What defines a drawing (what the renderer sends and the library stores).
 * Points by kind: line and arrow [start, end]; angle [end A, vertex, end B] (the angle is at the
 * vertex, 0–180°); circle [centre, a point on the rim]; pencil the stroke's points in order
 * (2..{@link MAX_PENCIL_POINTS}); text [where the label's top-left corner is].
 */
export interface DrawingData {
  kind: DrawingKind;
  /** Video frame it was made on: frame_nr (decode order from 0), as the pose track numbers frames. */
  frameNr: number;
  /** First video frame it is shown on (inclusive, ≤ frameNr). */
  fromFrameNr: number;
  /** Last video frame it is shown on (inclusive, ≥ frameNr). */
  toFrameNr: number;
  points: DrawingPoint[];
  /** The label of a text drawing ('' for other kinds). */
  text: string;
  /** Stroke colour, `#rrggbb`. */
  colour: string;
  /** Its per-frame value is a line on the session chart (attached lines, arrows and angles only). */
  onChart: boolean;
}

/** A stored drawing. */
export interface Drawing extends DrawingData {
  /** Library row id. */
  id: number;
  sessionId: number;
  /** ISO 8601 times of the first save and the last change. */
  createdAt: string;
  updatedAt: string;
}

/** Points each kind needs: [min, max]. */
export const POINT_COUNT: Record<DrawingKind, readonly [number, number]> = {
  line: [2, 2],
  arrow: [2, 2],
  angle: [3, 3],
  circle: [2, 2],
  pencil: [2, MAX_PENCIL_POINTS],
  text: [1, 1],
};

/** What is wrong with a drawing's combination of fields (empty when nothing). */
export function drawingProblems(d: DrawingData): string[] {
  const out: string[] = [];
  const [min, max] = POINT_COUNT[d.kind];
  if (d.points.length < min || d.points.length > max) {
    out.push(`${article(d.kind)} has ${min === max ? min : `${min} to ${max}`} points, got ${d.points.length}`);
  }
  const attached = d.points.some(isJointPoint);
  if (attached && !ATTACHABLE_KINDS.includes(d.kind)) out.push(`only lines, arrows and angles can follow joints, not ${article(d.kind)}`);
  if (d.onChart && !attached) out.push('only a drawing that follows joints can be put on the chart');
  if (!(d.fromFrameNr <= d.frameNr && d.frameNr <= d.toFrameNr)) {
    out.push(`frame ${d.frameNr} must lie within the shown range ${d.fromFrameNr}..${d.toFrameNr}`);
  }
  if (d.kind === 'text' && d.text.trim() === '') out.push('a text drawing needs a text');
  if (d.kind !== 'text' && d.text !== '') out.push(`${article(d.kind)} has no text`);
  return out;
}

/** "a line", "an angle". */
function article(kind: DrawingKind): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

/** The default shown range of a drawing made on `frameNr` (± {@link DEFAULT_VISIBLE_FRAMES}, from 0). */
export function defaultRange(frameNr: number, visible = DEFAULT_VISIBLE_FRAMES): { fromFrameNr: number; toFrameNr: number } {
  return { fromFrameNr: Math.max(0, frameNr - visible), toFrameNr: frameNr + visible };
}

/** True when the drawing is shown on video frame `frameNr`. */
export function shownOn(d: Pick<DrawingData, 'fromFrameNr' | 'toFrameNr'>, frameNr: number): boolean {
  return frameNr >= d.fromFrameNr && frameNr <= d.toFrameNr;
}

/**
 * Length of the opacity ramp at each end of a drawing's shown range, frames. Source: Kinovea's
 * default fading, 20 frames (InfosFading.cs, github.com/Kinovea/Kinovea: `fadingFrames = 20` in
 * the constructor the preferences take their default from; opacity falls linearly,
 * `1 − distance / fadingFrames`, from the end of the opaque section).
 */
export const FADE_FRAMES = 20;

/**
 * Opacity of a drawing on video frame `frameNr`, 0..1: 0 outside its shown range; 1 on the frame
 * it was made on and wherever it is more than the ramp from an end; in the ramps at the two ends
 * a linear rise, `(k + 1) / (L + 1)` on the k-th frame (from 0) of a ramp of L frames, so the
 * first and last shown frames are faint but never invisible. A ramp is {@link FADE_FRAMES} long,
 * shortened so it never passes the frame the drawing was made on (that frame is always opaque);
 * a drawing made on the first or last frame of its range has no ramp on that side.
 * With the default range (frame ± 20) this is Kinovea's default fading: `(21 − d) / 21` at d
 * frames from the key frame (Kinovea: `1 − d / 20`).
 */
export function drawingOpacity(d: Pick<DrawingData, 'frameNr' | 'fromFrameNr' | 'toFrameNr'>, frameNr: number, fade = FADE_FRAMES): number {
  if (!shownOn(d, frameNr)) return 0;
  const key = Math.min(Math.max(d.frameNr, d.fromFrameNr), d.toFrameNr);
  const ramp = frameNr <= key ? Math.min(fade, key - d.fromFrameNr) : Math.min(fade, d.toFrameNr - key);
  const k = frameNr <= key ? frameNr - d.fromFrameNr : d.toFrameNr - frameNr;
  return k >= ramp ? 1 : (k + 1) / (ramp + 1);
}

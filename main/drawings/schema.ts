/**
 * The zod schema of a drawing (main/drawings/drawing.ts): what the IPC contract validates the
 * renderer's input with and the library checks again before storing. Kept apart from
 * drawing.ts so zod never enters the renderer bundle.
 */
import { z } from 'zod';
import { H36M_JOINT_COUNT } from '../pose/h36m.js';
import { DRAWING_KINDS, drawingProblems, MAX_PENCIL_POINTS, MAX_TEXT_LENGTH } from './drawing.js';

/** Image coordinates accepted, pixels: generous (points may sit off the picture) but finite. */
const Coord = z.number().min(-100_000).max(100_000);
const FrameNr = z.int().min(0).max(10_000_000);

/** Zod schema of a {@link DrawingPoint}. */
export const DrawingPointSchema = z.union([
  z.strictObject({ x: Coord, y: Coord }),
  z.strictObject({ joint: z.int().min(0).max(H36M_JOINT_COUNT - 1) }),
]);

/**
 * Zod schema of {@link DrawingData}: point counts by kind, joints only on lines, arrows and
 * angles, the frame inside its range, a text only (and required) on text drawings, `onChart`
 * only when a point follows a joint.
 */
export const DrawingDataSchema = z
  .strictObject({
    kind: z.enum(DRAWING_KINDS),
    frameNr: FrameNr,
    fromFrameNr: FrameNr,
    toFrameNr: FrameNr,
    points: z.array(DrawingPointSchema).min(1).max(MAX_PENCIL_POINTS),
    text: z.string().max(MAX_TEXT_LENGTH, `text is at most ${MAX_TEXT_LENGTH} characters`).default(''),
    colour: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb'),
    onChart: z.boolean().default(false),
  })
  .superRefine((d, ctx) => {
    for (const message of drawingProblems(d)) ctx.addIssue({ code: 'custom', message });
  });

/**
 * The technique request metadata the harness sends for a labelled stroke, and the ONE place
 * where the capture frame rate is passed: `capture_fps` (frames per real second; slow-motion
 * factor = fps / capture_fps) is added only when the contract's metadata schema declares it
 * (issue 8 §2), so the harness starts applying it the day the contract has it.
 */
import {
  TechniqueRequestMetadata,
  type Hand,
  type Sport,
  type SwingType,
} from '../../main/contract/technique-schema.js';

/** True when the technique metadata schema has a `capture_fps` field. */
export const CONTRACT_HAS_CAPTURE_FPS = 'capture_fps' in TechniqueRequestMetadata.shape;

/** What the harness knows of one analysed stroke. */
export interface StrokeRequest {
  uid: string;
  sport: Sport;
  swingType: SwingType;
  hand: Hand;
  playerHeightMm: number;
  /** Capture frame rate, frames per real second (fps / slow_motion_factor); absent = none sent (real time, or the coach did not give it). */
  captureFps?: number | undefined;
}

/**
 * The request metadata of a stroke, validated by the contract schema; `capture_fps` included
 * when given and {@link CONTRACT_HAS_CAPTURE_FPS}.
 * @throws ZodError when the values break the contract (e.g. height ≤ 0).
 */
export function strokeMeta(r: StrokeRequest): TechniqueRequestMetadata {
  return TechniqueRequestMetadata.parse({
    uid: r.uid,
    sport: r.sport,
    swing_type: r.swingType,
    dominant_hand: r.hand,
    player_height_mm: r.playerHeightMm,
    ...(CONTRACT_HAS_CAPTURE_FPS && r.captureFps !== undefined ? { capture_fps: r.captureFps } : {}),
  });
}

/**
 * The shapes of a player's history in the library (history.ts): a feature's score per analysed
 * session for progress charts, and a feature's mean and spread over a session's strokes of one side.
 */
import type { StrokeSide, SwingType } from '../contract/technique-schema.js';
import type { RowId } from './library-types.js';

/**
 * A player's feature over time with its stroke-to-stroke spread: per analysed session (latest
 * analysis), the mean of the feature over its strokes of one side, sample SD, n (history.ts).
 */
export interface StrokeFeatureHistoryPoint {
  sessionId: RowId;
  recordedAt: string;
  side: StrokeSide;
  swingType: SwingType | null;
  featureName: string;
  featureHumanReadableName: string;
  unit: string | null;
  /** Mean value over the session's strokes, in `unit`; SD with n − 1 (0 for one stroke). */
  mean: number;
  sd: number;
  /** Mean score 0..100 over the strokes, and its SD (n − 1). */
  meanScore: number;
  scoreSd: number;
  n: number;
}

/** A player's score on one feature in one analysed session, for progress charts. */
export interface FeatureHistoryPoint {
  sessionId: RowId;
  analysisId: RowId;
  /** ISO 8601 date-time when the clip was recorded (the x axis). */
  recordedAt: string;
  swingType: SwingType;
  featureName: string;
  featureHumanReadableName: string;
  /** 0..100. */
  score: number;
  /** Measured value, in `unit`. */
  value: number;
  unit: string | null;
  /**
   * When the session has several analysed strokes (issue 11; player-export.ts): `score` and
   * `value` are their means, `strokes` their number and `scoreSd` the SD of their scores (n − 1).
   */
  strokes?: number;
  scoreSd?: number;
}

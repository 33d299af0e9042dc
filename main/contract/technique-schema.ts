/**
 * Run-time schemas of the technique server's objects (../shared/API.md, "Technique analysis
 * response object", "Feature", "Pose data"). Used by the local service to check what it emits
 * and by the client to check what it receives. Objects are `looseObject`: unknown extra
 * fields are kept, never rejected, so a newer vendor response still parses.
 */
import { z } from 'zod';
import { MAX_CAPTURE_FPS } from './capture-rate.js';
import { BallCandidatesJson } from './ball-json.js';
import { VideoEntryJson } from './pose-json.js';
import { HANDS, SWING_TYPES } from './technique-names.js';
import { SERVE_DINK_FIELDS } from './technique-serve-schema.js';

export { PoseFrame, PoseInstance, VideoEntryJson } from './pose-json.js';
/** The serve's stages and unscored measures live in technique-serve-schema.ts (this file's size); re-exported so importers keep one door. */
export { SERVE_DINK_FIELDS, ServeMeasure, ServeStage } from './technique-serve-schema.js';

/** Skill levels named by API.md, in ascending order. */
export const LEVELS = ['beginner', 'intermediate', 'advanced', 'professional'] as const;
/** One of {@link LEVELS}. */
export type Level = (typeof LEVELS)[number];

export { API_SWING_TYPES, EXTENDED_SWING_TYPES, HANDS, isApiSwingType, SPORTS, SWING_TYPE_LABELS, SWING_TYPE_SPORTS, SWING_TYPES, type ApiSwingType, type Hand, type Sport, type SwingType } from './technique-names.js';

/** Statuses of a technique response line (API.md "States and transitions"). */
export const TECHNIQUE_STATUSES = ['processing', 'done', 'error', 'failed'] as const;
export type TechniqueStatus = (typeof TECHNIQUE_STATUSES)[number];

const range = z.tuple([z.number(), z.number()]);
const levelRanges = z.looseObject({
  beginner: range,
  intermediate: range,
  advanced: range,
  professional: range,
});

/** Highest capture frame rate accepted, frames/s (defined with the capture-rate words in capture-rate.ts). */
export { MAX_CAPTURE_FPS };

/** The request's metadata schema lives in technique-request-schema.ts (this file's size); re-exported here. */
export { TechniqueRequestMetadata } from './technique-request-schema.js';

/**
 * A feature's event: the swing moment it is measured at (`timestamp` seconds, `frame_nr` from 0).
 * Our extensions for ball_contact, backswing_end and follow_through (main/analysis/README.md):
 * `confidence` 0–1 of the event's timing, and `hand_measured` false when the hitting hand is not
 * measured at that frame (the event was estimated around the gap).
 */
export const FeatureEvent = z.looseObject({
  name: z.string(),
  timestamp: z.number(),
  frame_nr: z.number().int(),
  confidence: z.number().min(0).max(1).optional(),
  hand_measured: z.boolean().optional(),
});
export type FeatureEvent = z.infer<typeof FeatureEvent>;

/** One element of `result.features` (API.md "Feature"). `unit` is our documented extra field. */
export const Feature = z.looseObject({
  feature_name: z.string(),
  feature_human_readable_name: z.string(),
  level: z.string(),
  score: z.number().min(0).max(100),
  value: z.number(),
  /** Unit of `value` (our extra; API.md does not show units): "deg", "m", "m/s", "s", "ratio", "%". */
  unit: z.string().optional(),
  /** Our extra: for a peak feature (value = peak in the forward swing), the value at ball contact, same unit. */
  value_at_contact: z.number().optional(),
  /** Our extra: lowest pose confidence (0–1) of the joints the value was measured on, at its frame. */
  confidence: z.number().min(0).max(1).optional(),
  /** Our extra: ± this much in `unit` (deg), the measured error of an angle in the stroke's camera view (main/analysis/technique/view-uncertainty.ts); absent where none is known. */
  uncertainty: z.number().nonnegative().optional(),
  observation: z.string(),
  suggestion: z.string(),
  feature_categories: z.array(z.string()),
  highlight_joints: z.array(z.number().int()),
  highlight_limbs: z.record(z.string(), z.tuple([z.number().int(), z.number().int()])),
  event: FeatureEvent,
  score_ranges: levelRanges,
  value_ranges: levelRanges,
});
export type Feature = z.infer<typeof Feature>;

/** `result.feature_categories[name]`. */
export const FeatureCategory = z.looseObject({
  average_score: z.number(),
  feature_count: z.number().int(),
  features: z.array(z.string()),
});
export type FeatureCategory = z.infer<typeof FeatureCategory>;

/** One series of `kinetic_chain.speed_dict` (per-frame values, index of the peak, the peak). */
export const SpeedSeries = z.looseObject({
  plot_values: z.array(z.number()),
  peak_index: z.number().int(),
  peak_speed: z.number(),
  /** Our extra: unit of plot_values ("deg/s" for hip and shoulder rotation, "m/s" for wrist). */
  unit: z.string().optional(),
});
export type SpeedSeries = z.infer<typeof SpeedSeries>;

/** `result.kinetic_chain`: hip, shoulder, wrist speeds. */
export const KineticChain = z.looseObject({
  speed_dict: z.looseObject({ hip: SpeedSeries, shoulder: SpeedSeries, wrist: SpeedSeries }),
});
export type KineticChain = z.infer<typeof KineticChain>;

/**
 * `result.wrist_speed` (API.md: fields not shown). Our decision: dominant-wrist speed in m/s per
 * frame (`plot_values`, aligned with the pose frames), `peak_index`, `peak_speed`, `unit`,
 * `hand`. The client accepts any object here and reads these fields when present.
 */
export const WristSpeed = z.looseObject({
  plot_values: z.array(z.number()).optional(),
  peak_index: z.number().int().optional(),
  peak_speed: z.number().optional(),
  unit: z.string().optional(),
  hand: z.enum(HANDS).optional(),
});
export type WristSpeed = z.infer<typeof WristSpeed>;

/** Our extra: a feature not scored for a stroke, and why (element of `result.features_left_out`). */
export const LeftOutFeature = z.looseObject({ feature_name: z.string(), feature_human_readable_name: z.string(), reason: z.string() });
export type LeftOutFeature = z.infer<typeof LeftOutFeature>;

/** Camera views of a stroke (main/analysis/technique/camera-view.ts): side-on, front-on, from behind, oblique. */
export const CAMERA_VIEWS = ['side', 'front', 'behind', 'oblique'] as const;
export type CameraViewName = (typeof CAMERA_VIEWS)[number];

/**
 * Our extra: the camera view of a stroke around contact: `view` and the body's `heading_deg`
 * against the camera axis (0 = chest to the camera, 90 = side-on, 180 = back to the camera).
 */
export const CameraView = z.looseObject({ view: z.enum(CAMERA_VIEWS), heading_deg: z.number().min(0).max(180) });
export type CameraView = z.infer<typeof CameraView>;

/** Sides of a detected stroke (our extension; main/analysis/strokes/strokes.ts). `serve` covers overheads; in pickleball, whose serve is underhand, it is worded "overhead" (display-names.ts strokeSideWord). */
export const STROKE_SIDES = ['forehand', 'backhand', 'serve'] as const;
export type StrokeSide = (typeof STROKE_SIDES)[number];

/** Our extra: a stroke's ball contact on both clocks: video `frame_nr` (from 0), video `timestamp` (s), `real_time` (s of the analysis clock: real seconds when capture_fps is given). */
export const StrokeContact = z.looseObject({
  frame_nr: z.number().int().nonnegative(),
  timestamp: z.number(),
  real_time: z.number(),
});
export type StrokeContact = z.infer<typeof StrokeContact>;

/** Our extra: one segment's peak in a stroke's forward swing: `peak_index` (frame of the clip), `peak_speed` (deg/s or m/s, `unit`). */
export const ChainPeak = z.looseObject({ peak_index: z.number().int(), peak_speed: z.number(), unit: z.string().optional() });
export type ChainPeak = z.infer<typeof ChainPeak>;

/**
 * Our extra (element of `result.strokes`): one stroke of the clip (main/service/README.md
 * "Every stroke"). `index` is 1-based in time order; `swing_type` the swing type the
 * stroke is (API.md's or our extension's: main/analysis/stroke-types.ts; null when none fits, e.g. a
 * pickleball overhead); strokes of the requested swing type are analysed (`features`,
 * `feature_categories`, `overall_score` = mean feature score 0–100, `kinetic_chain` peaks and the
 * swing `events`), the others carry `features: []` and no score.
 */
export const Stroke = z.looseObject({
  index: z.number().int().positive(),
  side: z.enum(STROKE_SIDES),
  two_handed: z.boolean(),
  swing_type: z.enum(SWING_TYPES).nullable(),
  contact: StrokeContact,
  /** 0–1: how sure the detector is that this is a stroke with its contact here (main/analysis/README.md "Strokes"). */
  confidence: z.number().min(0).max(1),
  hand_measured: z.boolean(),
  features: z.array(Feature),
  feature_categories: z.record(z.string(), FeatureCategory),
  overall_score: z.number().min(0).max(100).optional(),
  kinetic_chain: z.looseObject({ hip: ChainPeak, shoulder: ChainPeak, wrist: ChainPeak }).optional(),
  /**
   * The stroke's swing events, as on a feature's `event`: backswing_end, ball_contact,
   * follow_through; for a serve (our extension) toss_release, trophy_position, racket_low_point,
   * ball_contact, landing (when the feet leave the ground), follow_through.
   */
  events: z.array(FeatureEvent).optional(),
  /** Our extra: a serve's stages and unscored values, a dink's unscored values (technique-serve-schema.ts {@link SERVE_DINK_FIELDS}). */
  ...SERVE_DINK_FIELDS,
  features_left_out: z.array(LeftOutFeature).optional(),
  /** The stroke's camera view around contact (absent: not estimated, e.g. too little pose). */
  camera_view: CameraView.optional(),
});
export type Stroke = z.infer<typeof Stroke>;

/**
 * Our extra (element of `result.consistency`): one feature over the analysed strokes: `mean` and
 * `sd` (sample standard deviation, n − 1; 0 for one stroke) in `unit`, `cv` = sd / |mean| (null
 * when the mean is 0), `n` strokes that have the feature.
 */
export const FeatureConsistency = z.looseObject({
  feature: z.string(),
  unit: z.string(),
  mean: z.number(),
  sd: z.number().nonnegative(),
  cv: z.number().nonnegative().nullable(),
  n: z.number().int().positive(),
});
export type FeatureConsistency = z.infer<typeof FeatureConsistency>;

/** `result` of a done response. */
export const TechniqueResult = z.looseObject({
  features: z.array(Feature),
  feature_categories: z.record(z.string(), FeatureCategory),
  kinetic_chain: KineticChain.optional(),
  wrist_speed: WristSpeed.optional(),
  /** Our extra: features not scored for this stroke and why (unmeasured joints, unresolvable timing). */
  features_left_out: z.array(LeftOutFeature).optional(),
  /** Our extra: the camera view of the analysed stroke around contact (camera-view.ts); features it cannot measure are in features_left_out. */
  camera_view: CameraView.optional(),
  /** Our extra, when the clip repeats images (frame-rate conversion): distinct images per second of video. */
  distinct_images_per_second: z.number().positive().optional(),
  /** Our extra: the capture frame rate the speeds were measured with (the request's capture_fps): times and speeds are real. */
  capture_fps: z.number().positive().optional(),
  /** Our extra, without capture_fps: the clip looks slowed by `factor` (main/analysis/slow-motion.ts); `suggested_capture_fps` would make it real time. */
  slow_motion_guess: z.looseObject({ factor: z.number().positive(), suggested_capture_fps: z.number().positive() }).optional(),
  /** Our extra, for the analysed stroke: a serve's stages (its events are in the stroke's `events`) and unscored values, a dink's unscored values ({@link SERVE_DINK_FIELDS}). */
  ...SERVE_DINK_FIELDS,
  /** Our extra: every stroke of the clip (main/service/README.md "Every stroke"); absent from the vendor's results. */
  strokes: z.array(Stroke).optional(),
  /** Our extra: `strokes[].index` of the stroke the top-level features describe. */
  stroke_index: z.number().int().positive().optional(),
  /** Our extra: per feature, its spread over the analysed strokes. */
  consistency: z.array(FeatureConsistency).optional(),
});
export type TechniqueResult = z.infer<typeof TechniqueResult>;

/** A `processing` line: progress is the share of frames done, 0..1 (our documented extra). */
export const ProcessingLine = z.looseObject({
  status: z.literal('processing'),
  uid: z.string().optional(),
  progress: z.number().min(0).max(1).optional(),
  warnings: z.array(z.string()).optional(),
  errors: z.array(z.string()).optional(),
});

/**
 * The `done` line: the full response object. `archive_url` (our documented extra) is the
 * presigned URL of the ZIP archive when the request had `store_data: true`.
 */
export const DoneLine = z.looseObject({
  status: z.literal('done'),
  uid: z.string(),
  warnings: z.array(z.string()).default([]),
  errors: z.array(z.string()).default([]),
  result: TechniqueResult,
  video_entry_2D_json: VideoEntryJson,
  video_entry_3D_json: VideoEntryJson,
  archive_url: z.string().optional(),
  /** Our extra: the engine's ball candidates (ball-json.ts); another shape is dropped (`catch`), never refused. */
  ball_candidates: BallCandidatesJson.optional().catch(undefined),
  /** Our extra: pipeline and compute versions of the engine that produced this. */
  metadata: z.looseObject({ pipeline_version: z.string(), compute_version: z.string() }).optional(),
});
export type DoneLine = z.infer<typeof DoneLine>;

/**
 * A done object without its JSON pose entries: what the direct local backend hands to the
 * library, the pose travelling beside it as typed `PoseTrack`s (main/backends/direct.ts). A
 * {@link DoneLine} is one too.
 */
export const DoneResult = DoneLine.partial({ video_entry_2D_json: true, video_entry_3D_json: true });
export type DoneResult = z.infer<typeof DoneResult>;

/**
 * An `error` line. Two shapes exist: the invalid-request object `{error, status, timestamp, uid}`
 * (API.md "Invalid request format") and an analysis that found nothing to measure
 * (`errors` listing why, features empty). Both are accepted.
 */
export const ErrorLine = z.looseObject({
  status: z.literal('error'),
  uid: z.string().optional(),
  error: z.string().optional(),
  timestamp: z.string().optional(),
  errors: z.array(z.string()).optional(),
  warnings: z.array(z.string()).optional(),
});
export type ErrorLine = z.infer<typeof ErrorLine>;

/** A `failed` line: a critical server error (API.md "Server processing error"). */
export const FailedLine = z.looseObject({
  status: z.literal('failed'),
  uid: z.string().optional(),
  errors: z.array(z.string()).default([]),
  warnings: z.array(z.string()).default([]),
});
export type FailedLine = z.infer<typeof FailedLine>;

/** Any line of the /process NDJSON stream, told apart by `status`. */
export const TechniqueLine = z.discriminatedUnion('status', [ProcessingLine, DoneLine, ErrorLine, FailedLine]);
export type TechniqueLine = z.infer<typeof TechniqueLine>;

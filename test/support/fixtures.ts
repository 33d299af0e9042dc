/**
 * Builders of realistic synthetic analysis data for tests and benchmarks: H36M pose tracks
 * (2D pixels, 3D metres) of a swinging player and a DoneLine that passes the contract schema.
 * Deterministic for a given seed. Values are rounded to float32 so typed-array round trips are exact.
 */
import { DoneLine, type Feature, type FeatureCategory } from '../../main/contract/technique-schema.js';
import { H36M_JOINT_COUNT } from '../../main/pose/h36m.js';
import { createPoseTrack, poseTrackToJson, type PoseTrack } from '../../main/pose/pose-track.js';

/** Options of {@link syntheticPoseTrack}. */
export interface PoseTrackOptions {
  /** Frames (default 300 = 10 s at 30 fps). */
  frames?: number;
  /** Frames per second (default 30). */
  fps?: number;
  /** Pseudo-random seed (default 1). */
  seed?: number;
  /** Frames where the player is absent (default [0]: the first frame has no detection). */
  absent?: number[];
  /** Source path written into the track (default "clip.mp4"). */
  sourcePath?: string;
}

/** Small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A pose track of a player swinging: each joint circles around a base position with a
 * joint-specific phase, plus noise. 2D: around (960, 540) px in a 1920×1080 frame, bbox and
 * box confidence set. 3D: within ±1 m of the pelvis, bbox NaN.
 */
export function syntheticPoseTrack(dims: 2 | 3, opts: PoseTrackOptions = {}): PoseTrack {
  const frames = opts.frames ?? 300;
  const fps = opts.fps ?? 30;
  const rand = rng((opts.seed ?? 1) * 7919 + dims);
  const absent = new Set(opts.absent ?? [0]);
  const t = createPoseTrack(frames, dims, H36M_JOINT_COUNT, opts.sourcePath ?? 'clip.mp4');
  const scale = dims === 2 ? 200 : 0.8;
  const centre = dims === 2 ? [960, 540] : [0, 0, 0];
  for (let f = 0; f < frames; f++) {
    t.frameNr[f] = f;
    t.timestamps[f] = f / fps;
    if (absent.has(f)) continue;
    t.present[f] = 1;
    for (let j = 0; j < t.joints; j++) {
      const phase = (f / fps) * 2 * Math.PI * 0.5 + j * 0.37;
      for (let d = 0; d < dims; d++) {
        const v = (centre[d] ?? 0) + scale * Math.sin(phase + d) * (0.3 + j / 40) + (rand() - 0.5) * scale * 0.01;
        t.keypoints[(f * t.joints + j) * dims + d] = Math.fround(v);
      }
      t.confidences[f * t.joints + j] = Math.fround(0.5 + rand() * 0.5);
    }
    if (dims === 2) t.bbox.set([760, 240, 400, 700], f * 4);
    t.boxConfidence[f] = Math.fround(0.8 + rand() * 0.2);
  }
  return t;
}

/** Options of {@link syntheticDoneLine}. */
export interface DoneLineOptions {
  uid?: string;
  pose2d?: PoseTrack;
  pose3d?: PoseTrack;
  seed?: number;
  /** Frame index of ball contact (default: 60 % of the clip). */
  contactFrame?: number;
}

const FEATURES: Array<[string, string, string, string]> = [
  ['hip_shoulder_separation', 'Hip-shoulder separation', 'deg', 'rotation'],
  ['shoulder_rotation', 'Shoulder rotation', 'deg', 'rotation'],
  ['knee_bend', 'Knee bend at loading', 'deg', 'lower_body'],
  ['stance_width', 'Stance width', 'm', 'lower_body'],
  ['contact_point_distance', 'Contact point in front of body', 'm', 'contact'],
  ['wrist_speed_peak', 'Peak wrist speed', 'm/s', 'kinetic_chain'],
  ['kinetic_chain_order', 'Kinetic chain sequencing', 'ratio', 'kinetic_chain'],
  ['follow_through', 'Follow-through height', 'm', 'contact'],
];

function series(frames: number, peakAt: number, peak: number, unit: string) {
  const plot_values = Array.from({ length: frames }, (_, i) => Math.round(peak * Math.exp(-(((i - peakAt) / 12) ** 2)) * 1000) / 1000);
  return { plot_values, peak_index: peakAt, peak_speed: plot_values[peakAt] ?? peak, unit };
}

/**
 * A done line (API.md technique response) for the given tracks (default: 300-frame synthetic
 * tracks), with 8 features in 4 categories, kinetic chain, wrist speed and versions.
 * Validated by the contract's DoneLine schema before being returned.
 * @throws ZodError when the built object does not match the contract (a bug in this builder).
 */
export function syntheticDoneLine(opts: DoneLineOptions = {}): DoneLine {
  const seed = opts.seed ?? 1;
  const pose2d = opts.pose2d ?? syntheticPoseTrack(2, { seed });
  const pose3d = opts.pose3d ?? syntheticPoseTrack(3, { seed });
  const rand = rng(seed * 31);
  const frames = pose2d.frames;
  const contact = opts.contactFrame ?? Math.floor(frames * 0.6);
  const contactTs = pose2d.timestamps[contact] ?? 0;
  const r = (lo: number, hi: number): [number, number] => [lo, hi];
  const ranges = { beginner: r(0, 40), intermediate: r(40, 65), advanced: r(65, 85), professional: r(85, 100) };
  const features: Feature[] = FEATURES.map(([name, human, unit, cat], i) => {
    const score = Math.round(rand() * 1000) / 10;
    return {
      feature_name: name,
      feature_human_readable_name: human,
      level: score < 40 ? 'beginner' : score < 65 ? 'intermediate' : score < 85 ? 'advanced' : 'professional',
      score,
      value: Math.round(rand() * 9000) / 100,
      unit,
      observation: `${human} measured at ${i === 4 ? 'contact' : 'loading'}.`,
      suggestion: `Work on ${human.toLowerCase()}.`,
      feature_categories: [cat],
      highlight_joints: [i % 17, (i + 3) % 17],
      highlight_limbs: { a: r(i % 17, (i + 1) % 17) },
      event: { name: i === 4 ? 'contact' : 'loading', timestamp: i === 4 ? contactTs : contactTs / 2, frame_nr: i === 4 ? contact : Math.floor(contact / 2) },
      score_ranges: { ...ranges },
      value_ranges: { beginner: r(0, 10), intermediate: r(10, 20), advanced: r(20, 30), professional: r(30, 40) },
    };
  });
  const feature_categories: Record<string, FeatureCategory> = {};
  for (const f of features) {
    const cat = f.feature_categories[0] ?? 'other';
    const c = (feature_categories[cat] ??= { average_score: 0, feature_count: 0, features: [] });
    c.features.push(f.feature_name);
    c.feature_count++;
    c.average_score += f.score;
  }
  for (const c of Object.values(feature_categories)) c.average_score = Math.round((c.average_score / c.feature_count) * 100) / 100;
  const wrist = series(frames, contact, 18.5, 'm/s');
  return DoneLine.parse({
    status: 'done',
    uid: opts.uid ?? `synthetic-${seed}`,
    warnings: ['low light in first second'],
    errors: [],
    result: {
      features,
      feature_categories,
      kinetic_chain: {
        speed_dict: {
          hip: series(frames, contact - 8, 420, 'deg/s'),
          shoulder: series(frames, contact - 4, 780, 'deg/s'),
          wrist: series(frames, contact, 18.5, 'm/s'),
        },
      },
      wrist_speed: { ...wrist, hand: 'right' },
    },
    video_entry_2D_json: poseTrackToJson(pose2d),
    video_entry_3D_json: poseTrackToJson(pose3d),
    metadata: { pipeline_version: 'stable', compute_version: 'v1.4.2' },
  });
}

/**
 * Technique-stream fixtures for the fault server and the API tests: a done line that passes
 * the contract (any frame count, so benchmarks can make it large), processing lines, and the
 * NDJSON text of a whole healthy stream.
 */
import { DoneLine } from '../../main/contract/technique-schema.js';

const ranges = { beginner: [0, 40], intermediate: [40, 65], advanced: [65, 85], professional: [85, 100] };

/** A pose entry (API.md "Pose data") with `frames` frames of 17 H36M keypoints in `dims` dimensions. */
export function poseEntryJson(dims: 2 | 3, frames: number) {
  return {
    entry_type: 'video',
    source_path: 'clip.mp4',
    annotation_format: 'H36M',
    annotation_data: Array.from({ length: frames }, (_, f) => ({
      frame_nr: f,
      timestamp: Math.round((f / 30) * 1e6) / 1e6,
      instances: [
        {
          keypoints: Array.from({ length: 17 }, (_, j) =>
            dims === 2
              ? [312.25 + j * 3.5 + f, 208.75 + j * 11.25]
              : [0.125 * (j % 5), 0.25 * (j % 3), 0.0625 * j],
          ),
          confidences: Array.from({ length: 17 }, (_, j) => 0.9 - j * 0.01),
          bbox: [250, 150, 180, 420],
          box_confidence: 0.97,
        },
      ],
    })),
  };
}

/**
 * A done line for `uid` with one feature in one category, kinetic chain, wrist speed and
 * `frames` frames of 2D and 3D pose (default 30). Checked against the contract's DoneLine.
 * @throws ZodError when the object does not match (a bug in this builder).
 */
export function doneLine(
  uid: string,
  frames = 30,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const series = (peak: number) => ({
    plot_values: [0, peak / 2, peak, peak / 3],
    peak_index: 2,
    peak_speed: peak,
  });
  const line = {
    status: 'done',
    uid,
    warnings: [] as string[],
    errors: [] as string[],
    result: {
      features: [
        {
          feature_name: 'knee_bend',
          feature_human_readable_name: 'Knee bend at loading',
          level: 'intermediate',
          score: 62,
          value: 131.5,
          observation: 'Moderate knee bend.',
          suggestion: 'Sit lower before the swing.',
          feature_categories: ['lower_body'],
          highlight_joints: [1, 2, 4, 5],
          highlight_limbs: { right_thigh: [1, 2] },
          event: { name: 'ball_contact', timestamp: 0.5, frame_nr: 15 },
          score_ranges: ranges,
          value_ranges: ranges,
        },
      ],
      feature_categories: { lower_body: { average_score: 62, feature_count: 1, features: ['knee_bend'] } },
      kinetic_chain: { speed_dict: { hip: series(420), shoulder: series(610), wrist: series(14.5) } },
      wrist_speed: { ...series(14.5), unit: 'm/s', hand: 'right' },
    },
    video_entry_2D_json: poseEntryJson(2, frames),
    video_entry_3D_json: poseEntryJson(3, frames),
    ...extra,
  };
  DoneLine.parse(line);
  return line;
}

/** A processing line with progress 0..1 and optional warnings. */
export function processingLine(
  uid: string,
  progress: number,
  warnings: string[] = [],
): Record<string, unknown> {
  return { status: 'processing', uid, progress, warnings, errors: [] };
}

/** NDJSON text of a healthy stream: `steps` processing lines then the done line. */
export function healthyStream(uid: string, steps = 3, frames = 30): string {
  const lines = Array.from({ length: steps }, (_, i) =>
    processingLine(uid, (i + 1) / (steps + 1), i === 1 ? ['low light'] : []),
  );
  return [...lines, doneLine(uid, frames)].map((l) => JSON.stringify(l)).join('\n') + '\n';
}

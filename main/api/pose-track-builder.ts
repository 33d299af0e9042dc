/**
 * A PoseTrack built one JSON pose frame at a time, for a done line read in pieces
 * (./done-line-pieces.ts): each frame of `annotation_data` goes straight into typed arrays, so
 * the JSON objects of a whole clip's pose never exist at once. The values are the ones
 * main/pose/pose-track.ts poseTrackFromJson gives for the whole entry (first instance of a frame
 * is the player; joints and dims from the first frame with an instance; missing values NaN /
 * confidence 0), and the checks are main/pose/pose-checks.ts checkedPoseFromJson's, made as the
 * frames come: the frame count and each frame number before the arrays grow, the joint count and
 * dims at the first instance, the values of the whole track at the end.
 */
import { PoseFrame } from '../contract/pose-json.js';
import { frameNumberProblem, poseFramesProblem, type PoseLimits } from '../contract/clip-limits.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { H36M_JOINT_COUNT } from '../pose/h36m.js';
import { poseShapeProblem, poseTrackProblem } from '../pose/pose-checks.js';
import type { PoseTrack } from '../pose/pose-track.js';

/** Frames the arrays first hold; they double as frames come. */
const FIRST_CAPACITY = 1024;

function grown<T extends Float32Array | Float64Array | Int32Array | Uint8Array>(a: T, length: number, fill: number): T {
  const out = new (a.constructor as new (n: number) => T)(length);
  out.set(a);
  if (fill !== 0) out.fill(fill, a.length);
  return out;
}

/** Collects one pose track frame by frame; {@link PoseTrackBuilder.finish} checks and returns it. */
export class PoseTrackBuilder {
  private frames = 0;
  private capacity = 0;
  private joints = 0;
  private dims: 2 | 3 = 2;
  private frameNr = new Int32Array(0);
  private timestamps = new Float64Array(0);
  private present = new Uint8Array(0);
  private boxConfidence = new Float32Array(0);
  private bbox = new Float32Array(0);
  private keypoints = new Float32Array(0);
  private confidences = new Float32Array(0);

  /**
   * @param wantDims 2 for video_entry_2D_json, 3 for video_entry_3D_json.
   * @param limits the clip's frame count when the caller knows it (main/contract/clip-limits.ts).
   */
  constructor(
    private readonly wantDims: 2 | 3,
    private readonly limits: PoseLimits = {},
  ) {}

  /**
   * Adds one element of `annotation_data` (parsed JSON, validated here by the contract's PoseFrame).
   * @throws Error with the one-line problem (the frame's shape, the frame count or number, joints, dims).
   */
  add(value: unknown): void {
    const parsed = PoseFrame.safeParse(value);
    if (!parsed.success) throw new Error(`annotation_data[${this.frames}]: ${zodIssueText(parsed.error, 3)}`);
    const fr = parsed.data;
    const fail = (problem: string | undefined): void => {
      if (problem) throw new Error(problem);
    };
    fail(poseFramesProblem(this.frames + 1, this.limits));
    fail(frameNumberProblem(fr.frame_nr, this.limits));
    const inst = fr.instances[0];
    if (inst && this.joints === 0) {
      fail(poseShapeProblem(inst.keypoints.length, inst.keypoints[0]?.length ?? 0, this.wantDims));
      this.joints = inst.keypoints.length;
      this.dims = (inst.keypoints[0]?.length ?? 2) === 3 ? 3 : 2;
      this.keypoints = new Float32Array(this.capacity * this.joints * this.dims).fill(NaN);
      this.confidences = new Float32Array(this.capacity * this.joints);
    }
    if (this.frames === this.capacity) this.grow();
    const f = this.frames++;
    this.frameNr[f] = fr.frame_nr;
    this.timestamps[f] = fr.timestamp;
    if (!inst) return;
    const { joints, dims } = this;
    if (inst.keypoints.length !== joints) throw new Error(`pose frame ${fr.frame_nr}: ${inst.keypoints.length} keypoints, expected ${joints}`);
    this.present[f] = 1;
    inst.keypoints.forEach((kp, j) => {
      if (kp.length < dims) throw new Error(`pose frame ${fr.frame_nr} joint ${j}: expected ${dims} values`);
      for (let d = 0; d < dims; d++) this.keypoints[(f * joints + j) * dims + d] = kp[d] ?? NaN;
      this.confidences[f * joints + j] = inst.confidences[j] ?? 0;
    });
    (inst.bbox ?? []).slice(0, 4).forEach((v, k) => (this.bbox[f * 4 + k] = v));
    this.boxConfidence[f] = inst.box_confidence ?? 0;
  }

  private grow(): void {
    const cap = Math.max(FIRST_CAPACITY, this.capacity * 2);
    this.frameNr = grown(this.frameNr, cap, 0);
    this.timestamps = grown(this.timestamps, cap, 0);
    this.present = grown(this.present, cap, 0);
    this.boxConfidence = grown(this.boxConfidence, cap, 0);
    this.bbox = grown(this.bbox, cap * 4, NaN);
    if (this.joints > 0) {
      this.keypoints = grown(this.keypoints, cap * this.joints * this.dims, NaN);
      this.confidences = grown(this.confidences, cap * this.joints, 0);
    }
    this.capacity = cap;
  }

  /**
   * The track (arrays trimmed to its frames), checked by poseTrackProblem. Ends the builder (it
   * holds no frames after).
   * @throws Error with the one-line problem.
   */
  finish(sourcePath: string): PoseTrack {
    const n = this.frames;
    const joints = this.joints || H36M_JOINT_COUNT;
    const dims = this.dims;
    const track: PoseTrack = {
      dims,
      joints,
      frames: n,
      frameNr: this.frameNr.slice(0, n),
      timestamps: this.timestamps.slice(0, n),
      keypoints: this.joints ? this.keypoints.slice(0, n * joints * dims) : new Float32Array(n * joints * dims).fill(NaN),
      confidences: this.joints ? this.confidences.slice(0, n * joints) : new Float32Array(n * joints),
      bbox: this.bbox.slice(0, n * 4),
      boxConfidence: this.boxConfidence.slice(0, n),
      present: this.present.slice(0, n),
      sourcePath,
    };
    // The growing arrays are dropped now: only the trimmed copies stay.
    this.frameNr = new Int32Array(0);
    this.timestamps = new Float64Array(0);
    this.present = new Uint8Array(0);
    this.boxConfidence = new Float32Array(0);
    this.bbox = new Float32Array(0);
    this.keypoints = new Float32Array(0);
    this.confidences = new Float32Array(0);
    this.frames = 0;
    this.capacity = 0;
    const problem = poseTrackProblem(track, this.limits, this.wantDims);
    if (problem) throw new Error(problem);
    return track;
  }
}

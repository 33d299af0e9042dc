/**
 * The engine's per-frame results for the whole clip (estimate-pose.ts, frame-results.ts) as
 * frame-indexed typed arrays in fixed-size chunks, so that what is held grows by a fixed number
 * of bytes per frame and no object is kept per frame (issue 29 item 1; main/engine/README.md
 * "Memory with length").
 *
 * Per frame: its time (Float64, s), the tracked pose's 17 COCO keypoints (Float32 x, y in
 * decoded-frame pixels, as MoveNet's and BlazePose's CocoPose) and scores (Float32), its box
 * (Float64 [x, y, w, h] px, as poseBox computes it) and score (Float64), and flags (found,
 * repeat, learned): 254 bytes. The second pass's learned 3D pose (H36M-17 × 3, Float64, engine
 * axes, model scale) is kept in chunks of {@link LEARNED_CHUNK} frames allocated only where a
 * frame has one: 408 bytes per learned frame.
 * Decided: every value keeps the type it had as an object (Float32 poses, Float64 times, boxes,
 * scores and learned poses), so the engine's output is bit-identical to the object version.
 */
import type { CocoPose } from './inference/index.js';
import type { TrackedPose } from './tracking/index.js';

/** Frames per chunk of the dense arrays: 4,096 (≈ 1 MiB a chunk; 1 h at 60 fps is 53 chunks). */
export const FRAME_CHUNK = 4096;
/** Frames per chunk of the learned 3D poses: 512 (204 KiB a chunk, allocated on the first learned frame in it). */
export const LEARNED_CHUNK = 512;
/** Numbers per learned 3D pose: 17 H36M joints × (x, y, z). */
export const LEARNED_VALUES = 51;

const FOUND = 1;
const REPEAT = 2;
const LEARNED = 4;

interface Chunk {
  t: Float64Array;
  xy: Float32Array;
  score: Float32Array;
  box: Float64Array;
  boxScore: Float64Array;
  flags: Uint8Array;
}

const newChunk = (): Chunk => ({
  t: new Float64Array(FRAME_CHUNK),
  xy: new Float32Array(FRAME_CHUNK * 34),
  score: new Float32Array(FRAME_CHUNK * 17),
  box: new Float64Array(FRAME_CHUNK * 4),
  boxScore: new Float64Array(FRAME_CHUNK),
  flags: new Uint8Array(FRAME_CHUNK),
});

/**
 * Growable store of per-frame results, frames numbered from 0 in the order pushed. Readers
 * ({@link found}, {@link pose}, {@link learned}) return views into the store: they see later
 * writes to the same frame ({@link setFound}, {@link copyFrame}), so copy what must not change.
 * @throws RangeError on a frame number outside 0 … length − 1 (read or write).
 */
export class FrameStore {
  private readonly chunks: Chunk[] = [];
  private readonly learnedChunks: (Float64Array | undefined)[] = [];
  private n = 0;

  /** Frames pushed. */
  get length(): number {
    return this.n;
  }

  /** Appends the next frame: its time (s), its tracked pose or none, whether it repeats the image before it. */
  push(t: number, found: TrackedPose | undefined, repeat: boolean): void {
    const f = this.n;
    if (f % FRAME_CHUNK === 0 && this.chunks.length === f / FRAME_CHUNK) this.chunks.push(newChunk());
    this.n++;
    const [c, i] = this.at(f);
    c.t[i] = t;
    c.flags[i] = repeat ? REPEAT : 0;
    if (found) this.setFound(f, found);
  }

  /** Frame f's time, s (video timeline). */
  t(f: number): number {
    const [c, i] = this.at(f);
    return c.t[i]!;
  }

  /** Whether frame f repeats the image before it. */
  repeat(f: number): boolean {
    const [c, i] = this.at(f);
    return (c.flags[i]! & REPEAT) !== 0;
  }

  /** Whether frame f has a tracked pose. */
  has(f: number): boolean {
    const [c, i] = this.at(f);
    return (c.flags[i]! & FOUND) !== 0;
  }

  /** Frame f's COCO pose as views into the store, or undefined when it has none. */
  pose(f: number): CocoPose | undefined {
    const [c, i] = this.at(f);
    if (!(c.flags[i]! & FOUND)) return undefined;
    return { xy: c.xy.subarray(i * 34, i * 34 + 34), score: c.score.subarray(i * 17, i * 17 + 17) };
  }

  /** Frame f's box [x, y, w, h] (decoded-frame px, a new array), or undefined when it has no pose. */
  box(f: number): [number, number, number, number] | undefined {
    const [c, i] = this.at(f);
    if (!(c.flags[i]! & FOUND)) return undefined;
    return [c.box[i * 4]!, c.box[i * 4 + 1]!, c.box[i * 4 + 2]!, c.box[i * 4 + 3]!];
  }

  /** Frame f's tracked pose (pose as views into the store, box a new array), or undefined. */
  found(f: number): TrackedPose | undefined {
    const pose = this.pose(f);
    if (!pose) return undefined;
    const [c, i] = this.at(f);
    return { pose, box: this.box(f)!, score: c.boxScore[i]! };
  }

  /** Sets frame f's tracked pose (copied: 17 keypoints, box, score). */
  setFound(f: number, found: TrackedPose): void {
    const [c, i] = this.at(f);
    c.xy.set(found.pose.xy.subarray(0, 34), i * 34);
    c.score.set(found.pose.score.subarray(0, 17), i * 17);
    c.box.set(found.box, i * 4);
    c.boxScore[i] = found.score;
    c.flags[i]! |= FOUND;
  }

  /** Frame f's learned 3D pose ({@link LEARNED_VALUES} numbers, a view into the store), or undefined. */
  learned(f: number): Float64Array | undefined {
    const [c, i] = this.at(f);
    if (!(c.flags[i]! & LEARNED)) return undefined;
    const k = (f % LEARNED_CHUNK) * LEARNED_VALUES;
    return this.learnedChunks[Math.floor(f / LEARNED_CHUNK)]!.subarray(k, k + LEARNED_VALUES);
  }

  /** Sets frame f's learned 3D pose (its first {@link LEARNED_VALUES} numbers, copied). */
  setLearned(f: number, v: Float64Array): void {
    const [c, i] = this.at(f);
    const n = Math.floor(f / LEARNED_CHUNK);
    while (this.learnedChunks.length <= n) this.learnedChunks.push(undefined);
    const chunk = (this.learnedChunks[n] ??= new Float64Array(LEARNED_CHUNK * LEARNED_VALUES));
    chunk.set(v.subarray(0, LEARNED_VALUES), (f % LEARNED_CHUNK) * LEARNED_VALUES);
    c.flags[i]! |= LEARNED;
  }

  /** Frame `to` takes frame `from`'s pose and learned pose (or their absence); its time and repeat flag stay. */
  copyFrame(from: number, to: number): void {
    const [c, i] = this.at(to);
    c.flags[i]! &= REPEAT;
    const found = this.found(from);
    if (found) this.setFound(to, found);
    const learned = this.learned(from);
    if (learned) this.setLearned(to, learned);
  }

  /** Learned 3D poses allocated, in frames (whole {@link LEARNED_CHUNK}s): what they hold in memory. */
  get learnedCapacity(): number {
    return this.learnedChunks.filter(Boolean).length * LEARNED_CHUNK;
  }

  /** The repeat flags of every frame, 1 = repeats the image before it. */
  repeatFlags(): Uint8Array {
    return Uint8Array.from({ length: this.n }, (_, f) => (this.repeat(f) ? 1 : 0));
  }

  /** Every frame's COCO pose in order (views, made one at a time), undefined where none. */
  *poses(): IterableIterator<CocoPose | undefined> {
    for (let f = 0; f < this.n; f++) yield this.pose(f);
  }

  /** Every frame's learned 3D pose (views; undefined where none): one array slot per frame. */
  learnedPoses(): (Float64Array | undefined)[] {
    return Array.from({ length: this.n }, (_, f) => this.learned(f));
  }

  private at(f: number): [Chunk, number] {
    if (!(Number.isInteger(f) && f >= 0 && f < this.n)) throw new RangeError(`frame ${f} is outside the store (0 to ${this.n - 1})`);
    return [this.chunks[Math.floor(f / FRAME_CHUNK)]!, f % FRAME_CHUNK];
  }
}

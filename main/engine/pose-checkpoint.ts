/**
 * Checkpoints of the fast pass, per chunk of frames, so that an analysis interrupted by a crash,
 * a quit or a cancel-by-stop goes on where it was (issue 29 item 1): each chunk's per-frame
 * crop-model poses, written atomically to the job's working folder, read back on the next run
 * instead of inferred.
 *
 * Decided (read off player-tracker.ts and estimate-pose.ts): the tracker carries state from
 * frame to frame (the crop from the last pose, the lost/detect counters, the coach's anchor), and
 * with two workers frame n is sent with frame n−2's crop, so chunk boundaries that reset the
 * tracker would change the pose. Instead each chunk stores the tracker's state after its last
 * frame ({@link TrackerSnapshot}) and the crops the frames already in flight were sent with
 * (`pending`); a resumed run decodes the clip from its start again (decode is ≈ 5 % of the fast
 * pass's cost: 4.4 of 80.8 CPU-s on the issue's clip), takes each frame's pose from the chunk,
 * and at the first chunk it cannot read restores that state and infers from there: the same
 * frames, crops and model inputs as an uninterrupted run (test/engine/pose-checkpoint.test.ts).
 * The ball candidates, repeat flags and kept second-pass crops are recomputed from the decoded
 * frames as before. The second pass's results are checkpointed by second-pass-checkpoint.ts.
 *
 * File per chunk: `<dir>/<key>/chunk-<n>.bin` = "SWPC" + uint32 header length + JSON header +
 * body (Float64 timestamps, Uint8 flags (1 found, 2 repeat), Float32 keypoints x,y × 17 and
 * scores × 17 per frame: 214 bytes a frame, 46 MB for an hour at 60 fps, 140 MB at the 3 h cap).
 * The header holds the key, the chunk's frames and a SHA-256 of the body. A chunk that is
 * missing, cut short, fails its hash, or whose key differs is not used (nor any after it).
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/index.js';
import type { Crop, CocoPose } from './inference/index.js';
import type { TrackerSnapshot } from './tracking/index.js';

/** Where and how often the fast pass is checkpointed (EngineOptions.checkpoint). */
export interface CheckpointOptions {
  /** The job's working folder for pose checkpoints (created when missing). */
  dir: string;
  /** Video seconds per chunk (default {@link CHECKPOINT_CHUNK_S}); chunks are whole frames, round(chunkS × fps). */
  chunkS?: number;
  /** Called as each chunk of the fast pass is done: taken from its checkpoint, or inferred (and saved). */
  onChunk?: (chunk: number, from: 'checkpoint' | 'inferred') => void;
  /**
   * The clip's whole SHA-256 (hex) when the caller has it (the service hashes a `/process` upload
   * as it arrives): the key then holds it instead of the file's size, mtime and sampled bytes, so
   * the same content sent again, in a new temp file, finds the checkpoints of the first attempt.
   */
  clipSha256?: string;
  /** True ignores and removes the chunks already there (after a chunk that did not match the decoded clip). */
  fresh?: boolean;
}

/**
 * Default chunk length, video seconds: a crash loses at most this much of the fast pass (at the
 * issue's 2 CPU-s per video-s, ≤ 40 CPU-s), for one file of ≤ 260 KB at 60 fps every chunk.
 */
export const CHECKPOINT_CHUNK_S = 20;
const MAGIC = 'SWPC';
const FORMAT = 2; // 2: the tracker's snapshot carries lastReviewT (player-tracker.ts REVIEW_EVERY_S)
/** Bytes of the clip hashed at its start and at its end for its identity (with its size and mtime). */
const SAMPLE_BYTES = 1 << 20;

/** One frame of a chunk: its time (s), whether it repeats the image before it, and the crop model's pose when the player was found. */
export interface ChunkFrame {
  t: number;
  repeat: boolean;
  pose: CocoPose | undefined;
}

/** A chunk read back: frames `first` … `first + frames.length − 1`, the tracker after the last, and the crops of the frames then in flight. */
export interface PoseChunk {
  chunk: number;
  first: number;
  frames: ChunkFrame[];
  tracker: TrackerSnapshot;
  pending: PendingCrop[];
}

/** A frame already sent to a worker when a chunk ended, and the crop it was sent with (null: none). */
export interface PendingCrop {
  index: number;
  crop: Crop | null;
}

/** Thrown when a checkpointed frame does not match the decoded one (time or repeat flag): the run starts over without checkpoints. */
export class CheckpointMismatchError extends Error {
  constructor(frame: number) {
    super(`pose checkpoint does not match decoded frame ${frame}`);
    this.name = 'CheckpointMismatchError';
  }
}

/** What makes a checkpoint valid for a run: everything that changes a frame's pose. */
export interface CheckpointKeyParts {
  videoPath: string;
  /** Decoded size, px; turn, degrees; the crop model; the coach's point (decoded px); inference workers; execution provider; TF.js fallback in use. */
  params: Record<string, unknown>;
  fps: number;
}

/** The fast pass's checkpoints of one run: reads chunks back, collects and writes new ones. */
export class PoseCheckpoints {
  /** Frames per chunk. */
  readonly chunkFrames: number;
  /** The folder of this key's files. */
  readonly folder: string;
  private frames: ChunkFrame[] = [];
  private first = 0;
  private broken = false;

  private constructor(
    readonly opts: CheckpointOptions,
    readonly key: string,
    fps: number,
  ) {
    this.chunkFrames = Math.max(1, Math.round((opts.chunkS ?? CHECKPOINT_CHUNK_S) * fps));
    this.folder = join(opts.dir, key.slice(0, 24));
    if (opts.fresh) rmSync(this.folder, { recursive: true, force: true });
  }

  /** Checkpoints for this clip and these parameters (the key: a hash of the clip's size, mtime, first and last MiB, and `params`; or of `opts.clipSha256` and `params`). */
  static open(opts: CheckpointOptions, parts: CheckpointKeyParts): PoseCheckpoints {
    const h = createHash('sha256');
    if (opts.clipSha256) {
      h.update(JSON.stringify({ format: FORMAT, sha256: opts.clipSha256, fps: parts.fps, chunkS: opts.chunkS ?? CHECKPOINT_CHUNK_S, params: parts.params }));
      return new PoseCheckpoints(opts, h.digest('hex'), parts.fps);
    }
    const st = statSync(parts.videoPath);
    h.update(JSON.stringify({ format: FORMAT, size: st.size, mtimeMs: st.mtimeMs, fps: parts.fps, chunkS: opts.chunkS ?? CHECKPOINT_CHUNK_S, params: parts.params }));
    const fd = openSync(parts.videoPath, 'r');
    try {
      const buf = Buffer.alloc(Math.min(SAMPLE_BYTES, st.size));
      readSync(fd, buf, 0, buf.length, 0);
      h.update(buf);
      readSync(fd, buf, 0, buf.length, Math.max(0, st.size - buf.length));
      h.update(buf);
    } finally {
      closeSync(fd);
    }
    return new PoseCheckpoints(opts, h.digest('hex'), parts.fps);
  }

  /** Chunk `n` as saved, or undefined when it is missing or not valid for this run (never thrown). */
  read(n: number): PoseChunk | undefined {
    try {
      return this.parse(readFileSync(this.file(n)), n);
    } catch {
      return undefined;
    }
  }

  /** Adds the next inferred frame (frame index `index`) to the chunk being collected. */
  record(index: number, frame: ChunkFrame): void {
    if (this.frames.length === 0) this.first = index;
    this.frames.push(frame);
  }

  /** Whether frame `index` is the last of its chunk. */
  endsChunk(index: number): boolean {
    return (index + 1) % this.chunkFrames === 0;
  }

  /**
   * Writes the collected frames as their chunk (main/files atomic write) with the tracker's
   * state after them and the crops in flight, then calls onChunk. A write that fails stops
   * checkpointing for this run (the analysis goes on) and returns false.
   */
  save(tracker: TrackerSnapshot, pending: PendingCrop[]): boolean {
    if (this.frames.length === 0) return true;
    const n = Math.floor(this.first / this.chunkFrames);
    const frames = this.frames;
    this.frames = [];
    if (!this.broken) {
      try {
        this.write(n, frames, tracker, pending);
      } catch {
        this.broken = true;
      }
    }
    this.opts.onChunk?.(n, 'inferred');
    return !this.broken;
  }

  private file(n: number): string {
    return join(this.folder, `chunk-${String(n).padStart(6, '0')}.bin`);
  }

  private write(n: number, frames: ChunkFrame[], tracker: TrackerSnapshot, pending: PendingCrop[]): void {
    writeCheckpointFile(this.file(n), { key: this.key, chunk: n, first: this.first, count: frames.length, tracker: finite(tracker), pending: finite(pending) }, encodeFrames(frames));
  }

  private parse(buf: Buffer, n: number): PoseChunk | undefined {
    const r = parseCheckpointFile<{ chunk: number; first: number; count: number; tracker: TrackerSnapshot; pending: PendingCrop[] }>(buf, this.key);
    if (!r) return undefined;
    const { header: h, body } = r;
    if (h.chunk !== n || h.first !== n * this.chunkFrames) return undefined;
    if (!(h.count > 0 && h.count <= this.chunkFrames) || body.length !== h.count * FRAME_BYTES) return undefined;
    return { chunk: n, first: h.first, frames: decodeFrames(body, h.count), tracker: h.tracker, pending: h.pending };
  }
}

/**
 * Writes "SWPC" + header length + JSON header (with format and the body's SHA-256) + body to
 * `file` with the app's one crash-safe writer (main/files: `.tmp-` temp in the same folder, 0600,
 * fsync, rename, folder fsync), creating the folder when missing.
 * @throws the underlying fs error (ENOSPC, EACCES, ...); the temp file is removed.
 */
export function writeCheckpointFile(file: string, header: object, body: Buffer): void {
  const json = Buffer.from(JSON.stringify({ ...header, format: FORMAT, sha256: createHash('sha256').update(body).digest('hex') }));
  const head = Buffer.alloc(8);
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(json.length, 4);
  writeFileAtomic(file, Buffer.concat([head, json, body]), { mkdirs: true });
}

/** The header and body of a file {@link writeCheckpointFile} wrote, or undefined when it is not one, its format or `key` differs, or its body fails the hash. @throws on bad JSON (callers catch). */
export function parseCheckpointFile<H>(buf: Buffer, key: string): { header: H & { key: string }; body: Buffer } | undefined {
  if (buf.length < 8 || buf.toString('latin1', 0, 4) !== MAGIC) return undefined;
  const len = buf.readUInt32LE(4);
  const h = JSON.parse(buf.toString('utf8', 8, 8 + len), unfinite) as H & { format: number; key: string; sha256: string };
  const body = buf.subarray(8 + len);
  if (h.format !== FORMAT || h.key !== key || createHash('sha256').update(body).digest('hex') !== h.sha256) return undefined;
  return { header: h, body };
}

const FRAME_BYTES = 8 + 1 + 4 * (34 + 17);

function encodeFrames(frames: ChunkFrame[]): Buffer {
  const n = frames.length;
  const buf = Buffer.alloc(n * FRAME_BYTES);
  const t = new Float64Array(n);
  const flags = new Uint8Array(n);
  const pts = new Float32Array(n * 51);
  frames.forEach((f, i) => {
    t[i] = f.t;
    flags[i] = (f.pose ? 1 : 0) | (f.repeat ? 2 : 0);
    if (f.pose) {
      pts.set(f.pose.xy, i * 51);
      pts.set(f.pose.score, i * 51 + 34);
    }
  });
  Buffer.from(t.buffer).copy(buf, 0);
  Buffer.from(flags.buffer).copy(buf, 8 * n);
  Buffer.from(pts.buffer).copy(buf, 9 * n);
  return buf;
}

function decodeFrames(body: Buffer, n: number): ChunkFrame[] {
  const copy = new Uint8Array(body); // aligned copy
  const t = new Float64Array(copy.buffer, 0, n);
  const flags = copy.subarray(8 * n, 9 * n);
  const pts = new Float32Array(copy.buffer.slice(9 * n, 9 * n + 4 * 51 * n));
  return Array.from({ length: n }, (_, i) => ({
    t: t[i] ?? NaN,
    repeat: ((flags[i] ?? 0) & 2) !== 0,
    pose: ((flags[i] ?? 0) & 1) !== 0 ? { xy: pts.slice(i * 51, i * 51 + 34), score: pts.slice(i * 51 + 34, i * 51 + 51) } : undefined,
  }));
}

/** JSON keeps NaN and ±Infinity (the tracker's "not lost" and "never detected") as strings. */
function finite<T>(v: T): unknown {
  return JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? `#${x}` : x)));
}

function unfinite(_k: string, x: unknown): unknown {
  return x === '#NaN' ? NaN : x === '#Infinity' ? Infinity : x === '#-Infinity' ? -Infinity : x;
}

/**
 * Checkpoints of the second pass (BlazePose on the window frames, tracking/second-pass.ts), next
 * to the fast pass's (pose-checkpoint.ts, same key folder): every `chunkFrames` results, and when
 * the run stops (abort), the results so far are written as `second-<n>.bin`; a resumed run reads
 * them back and runs the model only on the window frames without a saved result.
 *
 * Decided: a frame's result depends only on its crop and its decoded image (no state between
 * frames: the crops come from the fast pass's pose of the same frame, which a resumed run
 * reproduces exactly), so a saved result is used where its crop equals the one computed now
 * (stored with it and compared: never trusted blindly). Body per frame: pose flag (f64) and
 * 39 × (x, y), 39 scores, 39 × (x, y, z) as the model's float32: 944 bytes.
 * Decided (issue 29 item 2): no format change for the second pass's cadence
 * (tracking/second-pass-cadence.ts): only run frames are saved, each still the model's own output
 * on its crop; the filled frames are computed from them after every run and never saved, so a
 * file of either version means the same (a saved frame the other version does not run is unused).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BlazePoseResult, Crop } from './inference/index.js';
import { parseCheckpointFile, writeCheckpointFile, type PoseCheckpoints } from './pose-checkpoint.js';

const FLOATS = 78 + 39 + 117;
const BYTES = 8 + 4 * FLOATS;

/** A saved second-pass result: the crop it ran on and the model's output. */
export interface SavedLandmarks {
  crop: Crop;
  result: BlazePoseResult;
}

/** Reads and writes the second pass's results of one run. */
export class SecondPassCheckpoints {
  private next = 0;
  private buffer: { f: number; crop: Crop; result: BlazePoseResult }[] = [];
  private broken = false;

  constructor(private readonly ckpt: PoseCheckpoints) {}

  /** Every saved result by frame index (files read in order until one is missing or invalid); numbering of new files goes on after them. */
  read(): Map<number, SavedLandmarks> {
    const out = new Map<number, SavedLandmarks>();
    for (;; this.next++) {
      let r: ReturnType<typeof parseCheckpointFile<{ frames: number[]; crops: Crop[] }>>;
      try {
        r = parseCheckpointFile<{ frames: number[]; crops: Crop[] }>(readFileSync(this.file(this.next)), this.ckpt.key);
      } catch {
        r = undefined;
      }
      if (!r || r.header.frames.length !== r.header.crops.length || r.body.length !== r.header.frames.length * BYTES) break;
      const copy = new Uint8Array(r.body);
      const view = new DataView(copy.buffer);
      r.header.frames.forEach((f, i) => {
        const at = i * BYTES;
        const floats = new Float32Array(copy.buffer.slice(at + 8, at + BYTES));
        const result = { poseFlag: view.getFloat64(at, true), xy: floats.slice(0, 78), score: floats.slice(78, 117), world: floats.slice(117) };
        out.set(f, { crop: r.header.crops[i]!, result });
      });
    }
    return out;
  }

  /** Records the result of frame `f` (run on `crop`); writes a file every chunk's worth of results. */
  record(f: number, crop: Crop, result: BlazePoseResult): void {
    this.buffer.push({ f, crop, result });
    if (this.buffer.length >= this.ckpt.chunkFrames) this.flush();
  }

  /** Writes the results not yet written (at the end of the pass, or when it stops). A failed write stops checkpointing for the run. */
  flush(): void {
    if (this.buffer.length === 0 || this.broken) return;
    const items = this.buffer;
    this.buffer = [];
    const body = Buffer.alloc(items.length * BYTES);
    items.forEach(({ result: r }, i) => {
      body.writeDoubleLE(r.poseFlag, i * BYTES);
      const floats = new Float32Array(FLOATS);
      floats.set(r.xy, 0);
      floats.set(r.score, 78);
      floats.set(r.world, 117);
      Buffer.from(floats.buffer).copy(body, i * BYTES + 8);
    });
    try {
      writeCheckpointFile(this.file(this.next), { key: this.ckpt.key, frames: items.map((x) => x.f), crops: items.map((x) => x.crop) }, body);
      this.next++;
    } catch {
      this.broken = true;
    }
  }

  private file(n: number): string {
    return join(this.ckpt.folder, `second-${String(n).padStart(6, '0')}.bin`);
  }
}

/** Whether two crops are the same (exact: both come from the same computation on the same pose). */
export function sameCrop(a: Crop, b: Crop): boolean {
  return a.cx === b.cx && a.cy === b.cy && a.side === b.side && (a.angle ?? 0) === (b.angle ?? 0);
}

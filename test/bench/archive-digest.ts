/**
 * One digest of what the archive writer and the library make of the real clips' poses (issue 29
 * item 1: the memory work must not change a byte). For every pose in the eval cache
 * (test-artifacts/eval/cache, made by `npm run eval`), in file-name order: the archive's three
 * entries as buildArchive writes them (video_entry_2d.pb, video_entry_3d.pb, and
 * technique_analysis.json of analyseStrokes' result on the pose, with a fixed request) and the
 * library's pose BLOBs (poseToRow of both tracks). Prints the sha256 of all of them (16 hex
 * digits), one per part, and the number of clips and frames.
 * `npx tsx test/bench/archive-digest.ts [--frames N]` (N: also a track of N frames made by
 * looping the first clip's pose, as the memory bench's long clip). Compare the printout before
 * and after a change; asserts nothing.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { analyseStrokes } from '../../main/analysis/index.js';
import { buildArchive } from '../../main/archive/write.js';
import { ARCHIVE_ENTRIES } from '../../main/archive/read.js';
import { poseToRow } from '../../main/library/pose-blob.js';
import { emptyBallCandidates } from '../../main/pose/ball-candidates.js';
import { selectFrames, type PoseTrack } from '../../main/pose/pose-track.js';
import { REPO_ROOT } from '../support/media.js';

const TYPED = { frameNr: Int32Array, timestamps: Float64Array, keypoints: Float32Array, confidences: Float32Array, bbox: Float32Array, boxConfidence: Float32Array, present: Uint8Array } as const;

/** A cached track (test/eval/pose-cache.ts's encoding: each typed array's bytes in base64). */
function decodeTrack(o: Record<string, unknown>): PoseTrack {
  const arr = <K extends keyof typeof TYPED>(k: K) => new TYPED[k](new Uint8Array(Buffer.from(o[k] as string, 'base64')).buffer) as InstanceType<(typeof TYPED)[K]>;
  return { dims: o.dims as 2 | 3, joints: o.joints as number, frames: o.frames as number, sourcePath: o.sourcePath as string, frameNr: arr('frameNr'), timestamps: arr('timestamps'), keypoints: arr('keypoints'), confidences: arr('confidences'), bbox: arr('bbox'), boxConfidence: arr('boxConfidence'), present: arr('present') };
}

/** `t` looped to `n` frames (frame numbers and times running on). */
function looped(t: PoseTrack, n: number, fps: number): PoseTrack {
  const out = selectFrames(t, Int32Array.from({ length: n }, (_, f) => f % t.frames), Float64Array.from({ length: n }, (_, f) => f / fps));
  out.frameNr.forEach((_, f) => (out.frameNr[f] = f));
  return out;
}

const meta = { uid: 'archive-digest', sport: 'pickleball', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1780 } as const;
const parts = { pb2d: createHash('sha256'), pb3d: createHash('sha256'), json: createHash('sha256'), blobs: createHash('sha256') };

/** Adds one clip's archive entries and BLOBs to the digests. */
function add(pose2d: PoseTrack, pose3d: PoseTrack, video: { fps: number; width: number; height: number }): void {
  let analysis: object = { status: 'done', uid: meta.uid };
  try {
    analysis = analyseStrokes({ pose2d, pose3d, ball: emptyBallCandidates(pose2d.frames), fps: video.fps, width: video.width, height: video.height, meta }).result;
  } catch {
    // Too little pose for an analysis: the entry's JSON is the bare done object.
  }
  const zip = new AdmZip(buildArchive({ pose2d, pose3d, analysis }));
  parts.pb2d.update(zip.getEntry(ARCHIVE_ENTRIES.pose2d)!.getData());
  parts.pb3d.update(zip.getEntry(ARCHIVE_ENTRIES.pose3d)!.getData());
  parts.json.update(zip.getEntry(ARCHIVE_ENTRIES.analysis)!.getData());
  for (const row of [poseToRow(pose2d), poseToRow(pose3d)]) for (const v of Object.values(row)) parts.blobs.update(Buffer.isBuffer(v) ? v : String(v));
}

const dir = join(REPO_ROOT, 'test-artifacts', 'eval', 'cache');
const files = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
let frames = 0;
let first: { pose2d: PoseTrack; pose3d: PoseTrack; video: { fps: number; width: number; height: number } } | undefined;
for (const name of files) {
  const o = JSON.parse(readFileSync(join(dir, name), 'utf8')) as Record<string, unknown>;
  const clip = { pose2d: decodeTrack(o.pose2d as Record<string, unknown>), pose3d: decodeTrack(o.pose3d as Record<string, unknown>), video: o.video as { fps: number; width: number; height: number } };
  first ??= clip;
  frames += clip.pose2d.frames;
  add(clip.pose2d, clip.pose3d, clip.video);
}
const i = process.argv.indexOf('--frames');
if (i > 0 && first) {
  const n = Number(process.argv[i + 1]);
  add(looped(first.pose2d, n, 60), looped(first.pose3d, n, 60), { ...first.video, fps: 60 });
  frames += n;
}
const hex = (h: ReturnType<typeof createHash>) => h.digest('hex').slice(0, 16);
console.log(JSON.stringify({ clips: files.length, frames, pb2d: hex(parts.pb2d), pb3d: hex(parts.pb3d), json: hex(parts.json), blobs: hex(parts.blobs) }));

/**
 * The engine's pose of a clip for the evaluation harness, cached on disk under
 * test-artifacts/eval/cache so that re-running the harness after an analysis-only change skips
 * pose estimation (`npm run eval -- --reuse-pose`). A cache entry is keyed by the clip's content
 * (SHA-256 of its bytes) and by the engine's version: the git tree hashes at HEAD of the folders
 * the engine is built from (main/engine, main/pose, main/av, main/config) plus a hash of their
 * uncommitted changes, so an edited engine never reuses a stale pose.
 */
import { execFileSync } from 'node:child_process';
import type { Warning } from '../../main/contract/warning.js';
import { readStoredWarning } from '../../main/contract/warning-schema.js';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { estimatePose } from '../../main/engine/index.js';
import type { PoseEstimate } from '../../main/engine/index.js';
import type { VideoInfo } from '../../main/av/index.js';
import type { BallCandidates } from '../../main/pose/ball-candidates.js';
import type { PoseTrack } from '../../main/pose/pose-track.js';
import { REPO_ROOT } from '../support/media.js';

/** Folder of the harness output (git-ignored: test-artifacts/). */
export const EVAL_DIR = join(REPO_ROOT, 'test-artifacts', 'eval');

/** Folders whose sources make up the pose engine (its imports, checked with grep). */
const ENGINE_DIRS = ['main/engine', 'main/pose', 'main/av', 'main/config'];

/** What the harness keeps of an engine run. */
export interface CachedPose {
  pose2d: PoseTrack;
  pose3d: PoseTrack;
  /** The engine's ball candidates (undefined in a cache entry written before the engine had them). */
  ball?: BallCandidates | undefined;
  video: VideoInfo;
  warnings: Warning[];
  /** Wall time of the engine run that made this entry, seconds. */
  engineS: number;
  /** True when read from the cache. */
  cached: boolean;
  /** Engine version ({@link engineVersion}) that estimated this pose. */
  engine: string;
}

/**
 * How {@link poseOf} uses the cache: `fresh` always runs the engine; `keyed` reuses an entry of
 * the same clip content, engine version and height; `any` reuses the newest entry of the same
 * clip content and height whatever the engine version (while the engine is being edited and
 * only the analysis is under study; the report names the engine versions used); `cached` is
 * `keyed` that never runs the engine (for the poses of another engine version than the checked
 * out one, which this code cannot estimate again).
 */
export type ReuseMode = 'fresh' | 'keyed' | 'any' | 'cached';

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
}

/**
 * Version key of the engine: hash of the HEAD tree ids of {@link ENGINE_DIRS} and of their
 * uncommitted diff and untracked files (hex, 16 characters).
 */
export function engineVersion(): string {
  const h = createHash('sha256');
  for (const d of ENGINE_DIRS) h.update(git(['rev-parse', `HEAD:${d}`]));
  h.update(git(['diff', 'HEAD', '--', ...ENGINE_DIRS]));
  for (const f of git(['ls-files', '--others', '--exclude-standard', '--', ...ENGINE_DIRS])
    .split('\n')
    .filter(Boolean)) {
    h.update(f).update(readFileSync(join(REPO_ROOT, f)));
  }
  return h.digest('hex').slice(0, 16);
}

/** SHA-256 of a file's bytes (hex, 16 characters). */
export function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
}

const TYPED = {
  frameNr: Int32Array,
  timestamps: Float64Array,
  keypoints: Float32Array,
  confidences: Float32Array,
  bbox: Float32Array,
  boxConfidence: Float32Array,
  present: Uint8Array,
} as const;
type TypedKey = keyof typeof TYPED;

function encodeTrack(t: PoseTrack): Record<string, unknown> {
  const out: Record<string, unknown> = {
    dims: t.dims,
    joints: t.joints,
    frames: t.frames,
    sourcePath: t.sourcePath,
  };
  for (const k of Object.keys(TYPED) as TypedKey[])
    out[k] = Buffer.from(t[k].buffer, t[k].byteOffset, t[k].byteLength).toString('base64');
  return out;
}

function decodeTrack(o: Record<string, unknown>): PoseTrack {
  const arr = <K extends TypedKey>(k: K) => {
    const b = Buffer.from(o[k] as string, 'base64');
    const copy = new Uint8Array(b).buffer;
    return new TYPED[k](copy) as InstanceType<(typeof TYPED)[K]>;
  };
  return {
    dims: o.dims as 2 | 3,
    joints: o.joints as number,
    frames: o.frames as number,
    sourcePath: o.sourcePath as string,
    frameNr: arr('frameNr'),
    timestamps: arr('timestamps'),
    keypoints: arr('keypoints'),
    confidences: arr('confidences'),
    bbox: arr('bbox'),
    boxConfidence: arr('boxConfidence'),
    present: arr('present'),
  };
}

function b64(a: ArrayBufferView): string {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
}

function decodeBall(o: unknown): BallCandidates | undefined {
  if (!o || typeof o !== 'object') return undefined;
  const b = o as { frames: number; xy: string; area: string };
  const f32 = (s: string) => new Float32Array(new Uint8Array(Buffer.from(s, 'base64')).buffer);
  return { frames: b.frames, xy: f32(b.xy), area: f32(b.area) };
}

/** The cache file to read under `mode`, or null. */
function cachedFile(
  dir: string,
  clipHash: string,
  version: string,
  playerHeightMm: number,
  mode: ReuseMode,
): string | null {
  if (mode === 'fresh' || !existsSync(dir)) return null;
  const exact = join(dir, `${clipHash}-${version}-${playerHeightMm}.json`);
  if (mode === 'keyed' || mode === 'cached') return existsSync(exact) ? exact : null;
  const re = new RegExp(`^${clipHash}-([0-9a-f]{16})-${playerHeightMm}\\.json$`);
  const all = readdirSync(dir)
    .filter((n) => re.test(n))
    .map((n) => join(dir, n));
  return all.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] ?? null;
}

/**
 * The engine's pose of `videoPath` (default model, `playerHeightMm` scales the 3D skeleton,
 * `captureFps` sizes the second pass's windows on a slowed clip, as the service passes the
 * request's capture_fps), read from the cache as `mode` allows ({@link ReuseMode}); every
 * engine run is written to it (the clip key carries the capture rate when given).
 * @throws Error in `cached` mode when the cache has no such entry; otherwise whatever
 *   {@link estimatePose} throws (NoPersonError, VideoDecodeError, …).
 */
export async function poseOf(
  videoPath: string,
  playerHeightMm: number,
  mode: ReuseMode,
  version = engineVersion(),
  captureFps?: number,
): Promise<CachedPose> {
  const dir = join(EVAL_DIR, 'cache');
  const clipHash = fileHash(videoPath) + (captureFps ? `c${Math.round(captureFps)}` : '');
  const file = join(dir, `${clipHash}-${version}-${playerHeightMm}.json`);
  const hit = cachedFile(dir, clipHash, version, playerHeightMm, mode);
  if (hit) {
    const o = JSON.parse(readFileSync(hit, 'utf8')) as Record<string, unknown>;
    return {
      pose2d: decodeTrack(o.pose2d as Record<string, unknown>),
      pose3d: decodeTrack(o.pose3d as Record<string, unknown>),
      ball: decodeBall(o.ball),
      video: o.video as VideoInfo,
      warnings: (o.warnings as unknown[]).map(readStoredWarning),
      engineS: o.engineS as number,
      cached: true,
      engine: /-([0-9a-f]{16})-\d+\.json$/.exec(hit)?.[1] ?? '?',
    };
  }
  if (mode === 'cached') throw new Error(`no cached pose of ${videoPath} (height ${playerHeightMm} mm${captureFps ? `, capture ${Math.round(captureFps)} fps` : ''}) by engine ${version} in ${dir}`);
  const t0 = performance.now();
  const est: PoseEstimate = await estimatePose(videoPath, { playerHeightMm, ...(captureFps ? { captureFps } : {}) });
  const engineS = (performance.now() - t0) / 1000;
  mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const body = {
    pose2d: encodeTrack(est.pose2d),
    pose3d: encodeTrack(est.pose3d),
    ball: { frames: est.ball.frames, xy: b64(est.ball.xy), area: b64(est.ball.area) },
    video: est.video,
    warnings: est.warnings,
    engineS,
  };
  writeFileSync(tmp, JSON.stringify(body));
  renameSync(tmp, file);
  return {
    pose2d: est.pose2d,
    pose3d: est.pose3d,
    ball: est.ball,
    video: est.video,
    warnings: est.warnings,
    engineS,
    cached: false,
    engine: version,
  };
}

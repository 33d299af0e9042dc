/**
 * A real analysed clip for tests that need one (exports, library round trips): a 3 s cut of
 * tennis_forehand_2.mp4 (2.8–5.8 s: end of the take-back, ball contact at frames 120–122 of
 * the source ≈ 4.0 s, found by looking at the frames; follow-through),
 * analysed by the real pipeline (engine + analysis), as the service's done line.
 *
 * The result is cached under the OS temp folder, keyed by a hash of main/engine, main/analysis
 * and main/pose sources and of the clip, so a test run pays for inference once (~10 s) and a
 * changed engine never reuses a stale analysis. Files are written atomically, so concurrent test
 * workers at worst compute it twice.
 */
import { ballToJson } from '../../main/pose/ball-candidates.js';
import { warningText } from '../../main/contract/warning.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { cutRealClip } from './ffmpeg-cli.js';
import { writeFileAtomic } from '../../main/files/atomic-file.js';
import { DoneLine, type TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { poseTrackToJson } from '../../main/pose/pose-track.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { mediaPath, REPO_ROOT } from './media.js';

/** A cut clip and its done line (validated with DoneLine). */
export interface AnalysedClip {
  clipPath: string;
  done: DoneLine;
}

/** Request metadata of the analysed clip (Federer: right-handed, 1.85 m). */
export const ANALYSED_CLIP_META = {
  uid: 'test-forehand-2-cut',
  sport: 'tennis',
  swing_type: 'forehand_drive',
  dominant_hand: 'right',
  player_height_mm: 1850,
} as const;

function sourceHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) h.update(p).update(readFileSync(p));
    }
  };
  for (const d of ['main/engine', 'main/analysis', 'main/pose', 'main/pipeline']) {
    const p = join(REPO_ROOT, d);
    if (statSync(p).isDirectory()) walk(p);
    else h.update(readFileSync(p));
  }
  h.update(String(statSync(mediaPath('tennis_forehand_2.mp4')).size));
  return h.digest('hex').slice(0, 16);
}

/** The analysed clip, computed once per source version. */
export async function analysedClip(): Promise<AnalysedClip> {
  return analysedCut(2.8);
}

/**
 * Another cut of tennis_forehand_2.mp4, 3 s from `startS` seconds (the same stroke with its
 * contact at another frame, e.g. for comparisons), analysed and cached like {@link analysedClip};
 * its uid is the default one with the start in ms appended (the default cut keeps its uid).
 */
export async function analysedCut(startS: number): Promise<AnalysedClip> {
  const dir = join(tmpdir(), 'swing-studio-test-cache', sourceHash());
  mkdirSync(dir, { recursive: true });
  const suffix = startS === 2.8 ? '' : `-${Math.round(startS * 1000)}`;
  const clipPath = join(dir, `forehand_cut${suffix}.mp4`);
  const donePath = join(dir, `done${suffix}.json`);
  const uid = `${ANALYSED_CLIP_META.uid}${suffix}`;
  if (!existsSync(clipPath)) {
    const tmp = join(dir, `cut.${process.pid}.mp4`);
    cutRealClip(mediaPath('tennis_forehand_2.mp4'), startS, 3, tmp);
    renameSync(tmp, clipPath);
  }
  return { clipPath, done: await cachedDone(clipPath, { ...ANALYSED_CLIP_META, uid }, donePath) };
}

/**
 * The done line of `clipPath` analysed by the real pipeline with `meta`, read from `donePath` when
 * a previous run wrote it (atomically), else computed and written there.
 * @throws Error when the pipeline does not finish with `done`.
 */
async function cachedDone(clipPath: string, meta: TechniqueRequestMetadata, donePath: string): Promise<DoneLine> {
  if (!existsSync(donePath)) {
    const out = await techniquePipeline.analyseTechnique(clipPath, meta, { signal: new AbortController().signal });
    if (out.kind !== 'done') throw new Error(`${basename(clipPath)} could not be analysed: ${out.message}`);
    const done = DoneLine.parse({
      status: 'done',
      uid: meta.uid,
      warnings: out.warnings.map(warningText),
      errors: [],
      result: out.result,
      video_entry_2D_json: poseTrackToJson(out.pose2d),
      video_entry_3D_json: poseTrackToJson(out.pose3d),
      ...(out.ball ? { ball_candidates: ballToJson(out.ball) } : {}),
      metadata: { pipeline_version: 'test', compute_version: 'v0.1.0' },
    });
    writeFileAtomic(donePath, JSON.stringify(done));
  }
  return DoneLine.parse(JSON.parse(readFileSync(donePath, 'utf8')));
}

/** Request metadata of tennis_broadcast_1.mp4's near player (Shelton: left-handed, 1.93 m, ATP profile). */
export const BROADCAST_CLIP_META = {
  uid: 'test-broadcast-1',
  sport: 'tennis',
  swing_type: 'forehand_drive',
  dominant_hand: 'left',
  player_height_mm: 1930,
} as const;

/**
 * The whole of tennis_broadcast_1.mp4 (13 s at 25 fps, five labelled strokes of the near player:
 * a serve, a two-handed backhand and three forehands; ../shared/media/labels/strokes.json)
 * analysed as forehand drives by the real pipeline, cached like {@link analysedClip}. The clip is
 * the shared file itself (not copied).
 */
export async function analysedBroadcastClip(): Promise<AnalysedClip> {
  const dir = join(tmpdir(), 'swing-studio-test-cache', sourceHash());
  mkdirSync(dir, { recursive: true });
  const clipPath = mediaPath('tennis_broadcast_1.mp4');
  const donePath = join(dir, 'done-broadcast-1.json');
  return { clipPath, done: await cachedDone(clipPath, BROADCAST_CLIP_META, donePath) };
}

/**
 * Request metadata of tennis_forehand_1.mp4 (Djokovic: right-handed, 1.88 m; test/eval/clips.ts)
 * with its capture rate, 107 fps (30 fps ÷ the labels' slow-motion factor 0.28): on the video's
 * clock the detector finds only the second of its two forehands.
 */
export const FOREHAND_1_META = {
  uid: 'test-forehand-1',
  sport: 'tennis',
  swing_type: 'forehand_drive',
  dominant_hand: 'right',
  player_height_mm: 1880,
  capture_fps: 107,
} as const;

/**
 * The whole of tennis_forehand_1.mp4 (647 frames at 30 fps, two labelled forehands with ball
 * contact at frames 134 and 472; ../shared/media/labels/strokes.json) analysed by the real
 * pipeline, cached like {@link analysedClip}. The clip is the shared file itself (not copied).
 */
export async function analysedForehand1Clip(): Promise<AnalysedClip> {
  const dir = join(tmpdir(), 'swing-studio-test-cache', sourceHash());
  mkdirSync(dir, { recursive: true });
  const clipPath = mediaPath('tennis_forehand_1.mp4');
  return { clipPath, done: await cachedDone(clipPath, FOREHAND_1_META, join(dir, 'done-forehand-1.json')) };
}

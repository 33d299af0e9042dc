/**
 * A long practice session for tests that need many strokes (issue 11: the stroke strip with
 * 30–100 strokes) without analysing a long clip: a real analysed clip joined `copies` times end
 * to end (ffmpeg's concat demuxer, re-encoded: 30 s for 13 × 13 s of 720p on a loaded 2-core
 * box) and its done result and pose tiled to match — copy k's frames, timestamps, stroke
 * contacts, feature and swing events and kinetic-chain peaks shifted by k × the clip's frames /
 * duration, strokes numbered on in time order, the per-frame speed series repeated, the
 * consistency computed again over every analysed stroke. Every value is the real pipeline's;
 * only the clip is repeated.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { featureConsistency } from '../../main/analysis/technique/consistency.js';
import type { DoneLine, DoneResult, Feature, FeatureEvent, SpeedSeries, Stroke, TechniqueResult } from '../../main/contract/technique-schema.js';
import { createPoseTrack, poseTrackFromJson, type PoseTrack } from '../../main/pose/pose-track.js';
import { testFfmpeg } from './ffmpeg-cli.js';

/** A tiled session: the joined clip, its done result (no JSON pose entries) and pose as typed arrays. */
export interface TiledSession {
  clipPath: string;
  done: DoneResult;
  pose2d: PoseTrack;
  pose3d: PoseTrack;
}

/** Shift of copy k: `frames` video frames and `seconds` of video time per copy. */
interface Shift {
  frames: number;
  seconds: number;
}

/** `track` repeated `copies` times, copy k's frame numbers and timestamps moved on by k × `shift`. */
export function tilePoseTrack(track: PoseTrack, copies: number, shift: Shift): PoseTrack {
  const out = createPoseTrack(track.frames * copies, track.dims, track.joints, track.sourcePath);
  for (let k = 0; k < copies; k++) {
    const at = k * track.frames;
    out.keypoints.set(track.keypoints, at * track.joints * track.dims);
    out.confidences.set(track.confidences, at * track.joints);
    out.bbox.set(track.bbox, at * 4);
    out.boxConfidence.set(track.boxConfidence, at);
    out.present.set(track.present, at);
    for (let f = 0; f < track.frames; f++) {
      out.frameNr[at + f] = (track.frameNr[f] ?? f) + k * shift.frames;
      out.timestamps[at + f] = (track.timestamps[f] ?? 0) + k * shift.seconds;
    }
  }
  return out;
}

const moveEvent = (e: FeatureEvent, k: number, s: Shift): FeatureEvent => ({ ...e, frame_nr: e.frame_nr + k * s.frames, timestamp: e.timestamp + k * s.seconds });
const moveFeature = (f: Feature, k: number, s: Shift): Feature => ({ ...f, event: moveEvent(f.event, k, s) });

function moveStroke(st: Stroke, k: number, s: Shift, strokesPerCopy: number): Stroke {
  const chain = st.kinetic_chain;
  const peak = <P extends { peak_index: number }>(p: P): P => ({ ...p, peak_index: p.peak_index + k * s.frames });
  return {
    ...st,
    index: st.index + k * strokesPerCopy,
    contact: { frame_nr: st.contact.frame_nr + k * s.frames, timestamp: st.contact.timestamp + k * s.seconds, real_time: st.contact.real_time + k * s.seconds },
    features: st.features.map((f) => moveFeature(f, k, s)),
    ...(chain ? { kinetic_chain: { hip: peak(chain.hip), shoulder: peak(chain.shoulder), wrist: peak(chain.wrist) } } : {}),
    ...(st.events ? { events: st.events.map((e) => moveEvent(e, k, s)) } : {}),
  };
}

const repeatSeries = <T extends Partial<SpeedSeries>>(series: T, copies: number): T =>
  series.plot_values ? { ...series, plot_values: Array.from({ length: copies }, () => series.plot_values ?? []).flat() } : series;

/** The result of a clip repeated `copies` times (see the module comment); the top-level features stay copy 0's. */
export function tileResult(result: TechniqueResult, copies: number, shift: Shift): TechniqueResult {
  const strokes = result.strokes ?? [];
  const tiled = Array.from({ length: copies }, (_, k) => strokes.map((st) => moveStroke(st, k, shift, strokes.length))).flat();
  const chain = result.kinetic_chain?.speed_dict;
  return {
    ...result,
    strokes: tiled,
    consistency: featureConsistency(tiled.filter((st) => st.features.length > 0).map((st) => st.features)),
    ...(chain ? { kinetic_chain: { speed_dict: { hip: repeatSeries(chain.hip, copies), shoulder: repeatSeries(chain.shoulder, copies), wrist: repeatSeries(chain.wrist, copies) } } } : {}),
    ...(result.wrist_speed ? { wrist_speed: repeatSeries(result.wrist_speed, copies) } : {}),
  };
}

/**
 * Joins `clipPath` `copies` times into `dir`/tiled-<copies>.mp4 (no audio) and tiles `done` and
 * its pose to match. `clip` gives the source's frame count and duration (s, from its probe).
 * @throws Error when ffmpeg fails or `done` has no JSON pose entries.
 */
export function tiledSession(clipPath: string, done: DoneLine, copies: number, clip: { frameCount: number; durationS: number }, dir: string, uid: string): TiledSession {
  const list = join(dir, `tiled-${copies}.txt`);
  writeFileSync(list, Array.from({ length: copies }, () => `file '${clipPath.replace(/'/g, "'\\''")}'\n`).join(''));
  const out = join(dir, `tiled-${copies}.mp4`);
  // Re-encoded without B-frames: a stream copy keeps the source's B-frame delay (first frame at
  // 0.023 s in tennis_broadcast_1) without its edit list, which puts every frame 0.023 s late in
  // the browser and the pose one frame off. A key frame a second keeps seeks quick.
  execFileSync(
    testFfmpeg(),
    ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-an', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-bf', '0', '-g', '25', '-pix_fmt', 'yuv420p', out],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const shift = { frames: clip.frameCount, seconds: clip.durationS };
  const { video_entry_2D_json: json2d, video_entry_3D_json: json3d, ...rest } = done;
  return {
    clipPath: out,
    done: { ...rest, uid, result: tileResult(done.result, copies, shift) },
    pose2d: tilePoseTrack(poseTrackFromJson(json2d), copies, shift),
    pose3d: tilePoseTrack(poseTrackFromJson(json3d), copies, shift),
  };
}

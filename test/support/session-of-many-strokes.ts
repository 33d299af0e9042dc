/**
 * A practice session of hundreds of strokes for the renderer's long-session tests (issue 29 item
 * 5) made quickly: the real analysed clip encoded once without B-frames (as tiled-session.ts
 * does, for the same reason) and then joined `copies` times by stream copy (no re-encode: a
 * 780 s clip in a few seconds), its done result and pose tiled to match (tileResult,
 * tilePoseTrack). Each copy's overall scores are moved by a fixed spread of −10…+10 points
 * (`scoreShift`) so the strokes differ (best and worst exist); features stay the real ones. The
 * warnings a stroke's contact gets ("A stroke's contact was placed where the ball meets the
 * racket.") are said again for each copy, their frame numbers moved with it, as an analysis of
 * the whole session would say them (`tileStrokeWarnings`).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DoneLine } from '../../main/contract/technique-schema.js';
import { poseTrackFromJson } from '../../main/pose/pose-track.js';
import { testFfmpeg } from './ffmpeg-cli.js';
import { tilePoseTrack, tileResult, type TiledSession } from './tiled-session.js';

/** Points copy `k`'s overall scores move by: −10…+10, spread over the copies (a fixed pattern, 21 steps). */
export function scoreShift(k: number): number {
  return ((k * 8) % 21) - 10;
}

/**
 * `clipPath` joined `copies` times into `dir` and `done` tiled to match (see the module comment).
 * `clip` gives the source's frame count and duration (s, from its probe).
 * @throws Error when ffmpeg fails or `done` has no JSON pose entries.
 */
export function sessionOfManyStrokes(clipPath: string, done: DoneLine, copies: number, clip: { frameCount: number; durationS: number }, dir: string, uid: string): TiledSession {
  const once = join(dir, 'once.mp4');
  const ff = (args: string[]) => execFileSync(testFfmpeg(), ['-v', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  ff(['-i', clipPath, '-an', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-bf', '0', '-g', '25', '-pix_fmt', 'yuv420p', once]);
  const list = join(dir, `many-${copies}.txt`);
  writeFileSync(list, Array.from({ length: copies }, () => `file '${once.replace(/'/g, "'\\''")}'\n`).join(''));
  const out = join(dir, `many-${copies}.mp4`);
  ff(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', out]);
  const shift = { frames: clip.frameCount, seconds: clip.durationS };
  const { video_entry_2D_json: json2d, video_entry_3D_json: json3d, ...rest } = done;
  const result = tileResult(done.result, copies, shift);
  const per = done.result.strokes?.length ?? 1;
  const strokes = (result.strokes ?? []).map((st, i) =>
    st.overall_score === undefined ? st : { ...st, overall_score: Math.min(100, Math.max(0, st.overall_score + scoreShift(Math.floor(i / per)))) },
  );
  return {
    clipPath: out,
    done: { ...rest, warnings: tileStrokeWarnings(done.warnings, copies, clip.frameCount), uid, result: { ...result, strokes } },
    pose2d: tilePoseTrack(poseTrackFromJson(json2d), copies, shift),
    pose3d: tilePoseTrack(poseTrackFromJson(json3d), copies, shift),
  };
}

/** Per-stroke warning strings of the analysis (the contact placed by the ball) that each copy says again. */
const STROKE_WARNING = /^A stroke's contact was placed where the ball meets the racket\./;

/** `warnings` with each {@link STROKE_WARNING} repeated for copies 1…copies−1, every "frame N" in it moved by k × `frames`. */
export function tileStrokeWarnings(warnings: readonly string[], copies: number, frames: number): string[] {
  const per = warnings.filter((w) => STROKE_WARNING.test(w));
  const more = Array.from({ length: copies - 1 }, (_, i) => per.map((w) => w.replace(/frame (\d+)/g, (_m, n: string) => `frame ${Number(n) + (i + 1) * frames}`))).flat();
  return [...warnings, ...more];
}

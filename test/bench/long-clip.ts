/**
 * Long practice clips (issue 11): a 2-minute 1080p clip made at bench time by joining a shared
 * clip with ffmpeg (tennis_broadcast_1, a real-time rally whose tracked near player hits 5 strokes
 * in 13 s, 9 times, scaled to 1920×1080 at its 25 fps: 117 s, ≈ 45 strokes; never committed). The
 * shared 1080p clips do not fit: tennis_forehand_2 is slowed 8× (no stroke reaches the speed
 * thresholds without its capture rate) and in pickleball_rec_1 the tracker follows another of its
 * four players after a join. Then:
 * - the decode baseline: the engine's own decode of the clip at its input size (measure.ts);
 * - `/process` on it: estimatePose (the service's default, second pass included) and the
 *   analysis of every stroke (analyseStrokes), wall and CPU seconds as ratios to the decode;
 * - progress: how many updates and the longest wait between two (a moving bar);
 * - memory: peak RSS of this process after the run, and the pose tracks' bytes (typed arrays);
 * - cancel: a second run aborted at 30 % progress, milliseconds from abort() to the rejection.
 * Prints its figures; asserts nothing. `SWING_LONG_CLIP=path` reuses a clip instead of making one.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseStrokes } from '../../main/analysis/stroke-analysis.js';
import { estimatePose } from '../../main/engine/index.js';
import { decodeSize, probeVideo } from '../../main/av/index.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';
import { decodeBaseline, measured } from './measure.js';

const f2 = (v: number) => v.toFixed(2);

/** Copies of the rally joined into the long clip. */
const COPIES = 9;

/** Joins {@link COPIES} copies of tennis_broadcast_1 scaled to 1080p into the clip at `out`. */
function makeLongClip(out: string): void {
  const split = Array.from({ length: COPIES }, (_, k) => `[v${k}]`).join('');
  execFileSync(testFfmpeg(), [
    '-v', 'error', '-i', mediaPath('tennis_broadcast_1.mp4'),
    '-filter_complex', `[0:v]scale=1920:1080,setsar=1,split=${COPIES}${split};${split}concat=n=${COPIES}:v=1:a=0[out]`,
    '-map', '[out]', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', out,
  ]);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'long-clip-'));
  try {
    const clip = process.env.SWING_LONG_CLIP && existsSync(process.env.SWING_LONG_CLIP) ? process.env.SWING_LONG_CLIP : join(dir, 'long-120s.mp4');
    if (clip.startsWith(dir)) makeLongClip(clip);
    const v = await probeVideo(clip);
    const size = decodeSize(v.width, v.height, 640);
    console.log(`clip: ${v.width}×${v.height}, ${f2(v.durationS)} s, ${v.frameCount} frames at ${f2(v.fps)} fps; load average ${loadavg().map(f2).join(' ')}`);

    const d = await decodeBaseline(clip, size);
    console.log(`decode baseline: ${f2(d.wall)} s wall, ${f2(d.cpu)} CPU-s, ${d.frames} frames`);

    const updates: number[] = [];
    const t0 = performance.now();
    const run = await measured(() => estimatePose(clip, { playerHeightMm: 1930, onProgress: () => updates.push((performance.now() - t0) / 1000) }));
    const gaps = updates.map((t, i) => t - (i ? updates[i - 1]! : 0));
    const pose = run.value;
    const a = await measured(() =>
      Promise.resolve().then(() => analyseStrokes({ pose2d: pose.pose2d, pose3d: pose.pose3d, fps: v.fps, width: v.width, height: v.height, meta: { uid: 'long', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'left', player_height_mm: 1930 } })),
    );
    const strokes = a.value.result.strokes ?? [];
    const poseBytes = [pose.pose2d, pose.pose3d].reduce((s, t) => s + t.keypoints.byteLength + t.confidences.byteLength + t.bbox.byteLength + t.timestamps.byteLength + t.frameNr.byteLength + t.boxConfidence.byteLength + t.present.byteLength, 0);
    console.log(`estimatePose (default, second pass ${f2(pose.timings.secondPassS)} s): ${f2(run.wall)} s wall = ${f2(run.wall / d.wall)}× decode wall; ${f2(run.cpu)} CPU-s = ${f2(run.cpu / d.cpu)}× decode CPU`);
    const sides = ['forehand', 'backhand', 'serve'].map((side) => `${strokes.filter((s) => s.side === side).length} ${side}`).join(', ');
    console.log(`analyseStrokes: ${f2(a.wall)} s wall (${f2(a.wall / d.wall)}× decode wall), ${strokes.length} strokes (${sides}; ${COPIES} copies × 5 labelled), ${strokes.filter((s) => s.features.length).length} analysed`);
    console.log(`whole /process: ${f2((run.wall + a.wall) / d.wall)}× decode wall`);
    console.log(`progress: ${updates.length} updates, longest wait between two ${f2(Math.max(...gaps))} s`);
    console.log(`memory: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; pose tracks ${(poseBytes / 2 ** 20).toFixed(1)} MiB typed arrays for ${pose.pose2d.frames} frames`);

    const ac = new AbortController();
    let abortedAt = 0;
    const cancelled = await estimatePose(clip, {
      playerHeightMm: 1930,
      signal: ac.signal,
      onProgress: (p) => {
        if (p >= 0.3 && !abortedAt) {
          abortedAt = performance.now();
          ac.abort();
        }
      },
    }).then(
      () => 'finished',
      (e: unknown) => (e instanceof Error ? e.name : String(e)),
    );
    console.log(`cancel at 30 %: ${cancelled} ${f2(performance.now() - abortedAt)} ms after abort()`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

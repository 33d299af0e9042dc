/**
 * Whole practice sessions (issue 29 item 6), `npm run bench -- session [--minutes N]`: a clip of
 * about N minutes (default 20) joined at bench time from the shared real-time tennis clips that
 * follow one player (never committed: a temp folder, removed after), analysed by the CLI's job
 * (the persistent queue and the direct local backend, as `swing-studio analyze` runs it, in a temp
 * home). Prints: wall ÷ video duration, CPU-s per video-s and ÷ the CPU of decoding the same clip
 * in the same run (the engine's decode to 640 px, measure.ts), peak RSS, the ETA's error at 10 % and
 * 50 % of the analysis (the job's `etaS` then vs the time the analysis really took from there),
 * and the strokes found vs the labels of the joined clips (../shared/media/labels/strokes.json).
 * Each clip is first made 1920×1080 at 30 fps once (libx264), then the list is joined with the
 * concat demuxer without re-encoding. Asserts nothing.
 *
 * Measured 2026-11-27 07:40-07:54 UTC, `--minutes 1` (62.0 s, 1861 frames 1080p30; the 2-core
 * machine was NOT quiet: load 4 → 11 during the run, other sessions' tests): 612.7 s wall =
 * 9.88× the video; 385.6 CPU-s = 6.22 CPU-s per video-s; peak RSS 708 MiB; ETA at 10 % 407.7 s
 * said vs 560.1 s taken (−27 %), at 50 % 281.5 vs 377.1 s (−25 %: the load rose during the run);
 * strokes 12 found vs 22 labelled. The 20-minute default was not run.
 *
 * Measured 2026-11-27 17:00-17:18 UTC, `--minutes 5` (303.4 s, 9101 frames 1080p30; load 5 → 3,
 * after the stop's decoder and crop work): decode baseline 93.0 CPU-s = 0.31 per video-s; the job
 * 902.8 s wall = 2.98× the video, 1415.6 CPU-s = 4.67 CPU-s per video-s = 15.2× the decode's CPU;
 * peak RSS 934 MiB; ETA at 10 % 879.5 s said vs 801.0 s taken (+9.8 %), at 50 % 417.1 vs 399.2 s
 * (+4.5 %); strokes 64 found vs 101 labelled (every label of the joined clips). A joined
 * clip is strokes end to end, so the second pass covers most of it (4.67 against 2.4-2.6 CPU-s per
 * video-s on pickleball_rec_1). The 20-minute default would take ≈ 1 h of wall time here: not run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeSize, probeVideo } from '../../main/av/index.js';
import { backendsFor } from '../../main/cli/backend-options.js';
import { JobQueue } from '../../main/jobs/queue.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { openConfiguredLibrary } from '../../main/settings/library-location.js';
import type { JobView } from '../../main/contract/job.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { MEDIA_DIR, mediaPath } from '../support/media.js';
import { cpuSeconds, decodeBaseline } from './measure.js';

/** Real-time tennis clips with one labelled player (strokes.json: slow_motion_factor 1). */
const CLIPS = ['tennis_broadcast_1.mp4', 'tennis_rally_pro_behind_1.mp4', 'tennis_serve_amateur_1.mp4', 'tennis_serve_coach_behind_1.mp4', 'tennis_serve_overhead_drone_1.mp4'];
const f2 = (v: number) => v.toFixed(2);

function minutesArg(): number {
  const i = process.argv.indexOf('--minutes');
  const m = i >= 0 ? Number(process.argv[i + 1]) : 20;
  if (!(m > 0)) throw new Error(`--minutes takes a positive number (got ${process.argv[i + 1]})`);
  return m;
}

/** Joins the clips, repeated in order until the clip lasts ≥ `minutes`; returns its path and the labelled strokes it holds. */
function joinClips(dir: string, minutes: number): { clip: string; labelled: number } {
  const labels = JSON.parse(readFileSync(join(MEDIA_DIR, 'labels', 'strokes.json'), 'utf8')) as Record<string, { strokes?: unknown[] }>;
  const ff = (args: string[]) => execFileSync(testFfmpeg(), ['-v', 'error', '-y', ...args]);
  const parts = CLIPS.map((name, k) => {
    const out = join(dir, `part-${k}.mp4`);
    ff(['-i', mediaPath(name), '-an', '-vf', 'scale=1920:1080,setsar=1,fps=30', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-video_track_timescale', '30000', out]);
    const s = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out]).toString());
    return { out, s, strokes: labels[name]?.strokes?.length ?? 0 };
  });
  const list: string[] = [];
  let [total, labelled] = [0, 0];
  for (let k = 0; total < minutes * 60; k = (k + 1) % parts.length) {
    const p = parts[k]!;
    list.push(`file '${p.out}'`);
    [total, labelled] = [total + p.s, labelled + p.strokes];
  }
  writeFileSync(join(dir, 'list.txt'), list.join('\n'));
  const clip = join(dir, 'session.mp4');
  ff(['-f', 'concat', '-safe', '0', '-i', join(dir, 'list.txt'), '-c', 'copy', clip]);
  return { clip, labelled };
}

async function main(): Promise<void> {
  const minutes = minutesArg();
  const dir = mkdtempSync(join(tmpdir(), 'session-bench-'));
  try {
    const { clip, labelled } = joinClips(dir, minutes);
    const v = await probeVideo(clip);
    console.log(`clip: ${v.width}×${v.height}, ${f2(v.durationS)} s, ${v.frameCount} frames at ${f2(v.fps)} fps, joined from ${CLIPS.length} clips; load average ${loadavg().map(f2).join(' ')}`);
    // The baseline of the same run: the engine's own decode of the clip to its input size (measure.ts).
    const d = await decodeBaseline(clip, decodeSize(v.width, v.height, 640));
    console.log(`decode baseline: ${f2(d.wall)} s wall, ${f2(d.cpu)} CPU-s = ${f2(d.cpu / v.durationS)} CPU-s per video-s`);
    const env = { ...process.env, SWING_STUDIO_HOME: join(dir, 'home') };
    const { home, backends } = backendsFor({ backend: 'local' }, env);
    const db = openConfiguredLibrary(home);
    const queue = new JobQueue({ db, home, backends });
    const seen: { t: number; share: number; etaS?: number }[] = [];
    let analysingEnd = NaN;
    const t0 = performance.now();
    const c0 = cpuSeconds();
    try {
      const id = queue.enqueueAnalysis({ videoPath: clip, player: { name: 'Bench', dominantHand: 'right', heightMm: 1850 }, sport: 'tennis', swingType: 'forehand_drive', backend: 'local' });
      queue.on('job', (j: JobView) => {
        const t = (performance.now() - t0) / 1000;
        if (j.state === 'analysing') seen.push({ t, share: j.share, ...(j.etaS !== undefined ? { etaS: j.etaS } : {}) });
        else if (j.state !== 'queued' && j.state !== 'uploading' && Number.isNaN(analysingEnd) && seen.length) analysingEnd = t;
      });
      queue.start();
      await queue.whenIdle();
      const wall = (performance.now() - t0) / 1000;
      const cpu = cpuSeconds() - c0;
      const job = queue.get(id);
      const strokes = job?.sessionId !== undefined ? (getSessionDetail(db, job.sessionId)?.strokes.length ?? 0) : 0;
      console.log(`job: ${job?.state}${job?.reason ? ` (${job.reason})` : ''}, ${f2(wall)} s wall = ${f2(wall / v.durationS)}× the video's ${f2(v.durationS)} s; ${f2(cpu)} CPU-s = ${f2(cpu / v.durationS)} CPU-s per video-s = ${f2(cpu / d.cpu)}× the decode baseline's CPU`);
      console.log(`memory: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (this process: queue, engine, analysis, library)`);
      for (const at of [0.1, 0.5]) {
        const s = seen.find((x) => x.share >= at && x.etaS !== undefined);
        if (!s || Number.isNaN(analysingEnd)) console.log(`ETA at ${at * 100} %: none`);
        else {
          const actual = analysingEnd - s.t;
          console.log(`ETA at ${at * 100} % (share ${f2(s.share)}): ${f2(s.etaS!)} s said, ${f2(actual)} s taken: error ${f2(((s.etaS! - actual) / actual) * 100)} %`);
        }
      }
      console.log(`strokes: ${strokes} found, ${labelled} labelled in the joined clips (${f2(strokes / Math.max(1, labelled))}×)`);
    } finally {
      await queue.stop();
      await backends.close();
      db.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

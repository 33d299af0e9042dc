/**
 * Memory with length (issue 29 item 1): what the analysis of one long clip holds per frame,
 * without running the models. `npm run bench -- memory` (or `npx tsx test/bench/memory.ts
 * [--frames 10000,50000] [--clip tennis_forehand_2.mp4]`) runs one fresh child process per length N (default 10k, 50k, 216k =
 * 1 h at 60 fps, 648k = 3 h at 60 fps), each:
 * - builds N frames of engine results (main/engine/frame-store.ts) by playing a real clip's
 *   cached pose (pickleball_rec_1, 1080p30, from the eval cache: test-artifacts/eval/cache, made by
 *   `npm run eval`) at 60 fps, the odd frames halfway between two of the clip's frames, looped;
 *   the ball slots as the engine's collector holds them (one number[] of 5 per blob);
 * - the second pass's holdings at their largest: one Crop and one BlazePoseResult (xy, score,
 *   world as their own Float32Arrays, as a worker's message gives them) for 70 % of the frames
 *   (the share of the session bench's joined clip in its windows), merged into the store;
 * - finishTracks (2D track, swaps, smoothing, 3D lift with the learned poses), analyseStrokes,
 *   the archive written to a temp file as the service writes it (writeArchive, streamed: both .pb
 *   entries and technique_analysis.json) and the
 *   library's pose BLOBs (poseToRow of both tracks, inserted into a temporary SQLite database
 *   with the library's pragmas, as analysis-rows.ts does), and the local service's done line's pose as
 *   JSON in pieces (process-route.ts: done-line-stream.ts jsonPieces over both tracks, the pieces
 *   counted, not kept), all kept alive to the end (the store only until finishTracks has run, as
 *   estimatePose's).
 * After each stage (with gc(): run with --expose-gc) it prints V8 heap used + array buffers (the
 * typed arrays' bytes, outside the heap; freed buffers leave this count late), RSS, and the peak
 * RSS so far (what a stage's transients cost), minus the child's baseline after loading the
 * cached pose, in MiB and bytes per frame. The models are not in it (a process that ran the
 * engine keeps ≈ 492 MiB resident after its workers close: main/engine/README.md "Memory with
 * length").
 * `--clip` plays another cached clip instead (tennis_forehand_2.mp4 has its player in every frame,
 * so the looped track is one run of N present frames: a player in view for the whole session,
 * which is what the 3D lift's per-run work grows with; pickleball_rec_1's runs are ≤ 428 frames).
 * Each second-pass result is merged as it is made and not held, as the engine does when no frame
 * is left to fill (main/engine/estimate-pose.ts `refine`, since 2026-11-29); `HELD=1` holds them
 * all until the merge, as it does with the second-pass cadence on (second-pass-cadence.ts: the
 * skipped frames are filled from their neighbours). Prints its figures; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import Database from 'better-sqlite3';
import { loadavg, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { analyseStrokes } from '../../main/analysis/index.js';
import { writeArchive } from '../../main/archive/write.js';
import { FrameStore } from '../../main/engine/frame-store.js';
import { finishTracks } from '../../main/engine/frame-results.js';
import { emptyBallCandidates, BALL_SLOTS } from '../../main/pose/ball-candidates.js';
import { poseToRow } from '../../main/library/pose-blob.js';
import { jsonPieces, PoseJsonEntry } from '../../main/service/done-line-stream.js';
import { poseOf } from '../eval/pose-cache.js';
import { mediaPath } from '../support/media.js';

const MiB = 2 ** 20;
const FPS = 60;
const SECOND_PASS_SHARE = 0.7;
/** COCO keypoint k ← H36M joint (main/engine/inference/coco-to-h36m.ts H36M_FROM_COCO inverted; eyes and ears from the head). */
/** The cached clip played (`--clip`), default pickleball_rec_1.mp4. */
const CLIP = process.argv.includes('--clip') ? process.argv[process.argv.indexOf('--clip') + 1]! : 'pickleball_rec_1.mp4';
const COCO_FROM_H36M = [9, 10, 10, 10, 10, 11, 14, 12, 15, 13, 16, 4, 1, 5, 2, 6, 3];

interface Sample {
  stage: string;
  heapMiB: number;
  buffersMiB: number;
  rssMiB: number;
  /** The process's peak RSS so far, MiB. */
  peakMiB: number;
  s: number;
}

async function child(n: number): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const src = await poseOf(mediaPath(CLIP), 1780, 'any');
  const { pose2d: p2, pose3d: p3, video } = src;
  const b0 = src.ball ?? emptyBallCandidates(p2.frames);
  const L = p2.frames;
  const samples: Sample[] = [];
  let t = performance.now();
  const mark = (stage: string) => {
    gc();
    const m = process.memoryUsage();
    samples.push({ stage, heapMiB: m.heapUsed / MiB, buffersMiB: m.arrayBuffers / MiB, rssMiB: m.rss / MiB, peakMiB: process.resourceUsage().maxRSS / 1024, s: (performance.now() - t) / 1000 });
    t = performance.now();
  };
  mark('baseline');

  // The engine's part in a function of its own, so that its store is dropped when it returns (as estimatePose's).
  const engine = () => {
    // The fast pass: the store and the ball collector's slots.
    const store = new FrameStore();
    const slots: number[] = [];
    const xy = new Float32Array(34);
    const score = new Float32Array(17);
    const at = (g: number) => [Math.floor(g / 2) % L, g % 2 === 1 && Math.floor(g / 2) % L < L - 1] as const;
    for (let g = 0; g < n; g++) {
      const [k, mid] = at(g);
      const present = p2.present[k] && (!mid || p2.present[k + 1]);
      if (!present) {
        store.push(g / FPS, undefined, false);
        continue;
      }
      const v = (i: number) => (mid ? (p2.keypoints[k * 34 + i]! + p2.keypoints[(k + 1) * 34 + i]!) / 2 : p2.keypoints[k * 34 + i]!);
      COCO_FROM_H36M.forEach((j, c) => ((xy[2 * c] = v(2 * j) + (c >= 1 && c <= 4 ? (c % 2 ? -5 : 5) : 0)), (xy[2 * c + 1] = v(2 * j + 1)), (score[c] = p2.confidences[k * 17 + j]!)));
      const box: [number, number, number, number] = [p2.bbox[k * 4]!, p2.bbox[k * 4 + 1]!, p2.bbox[k * 4 + 2]!, p2.bbox[k * 4 + 3]!];
      store.push(g / FPS, { pose: { xy, score }, box, score: p2.boxConfidence[k]! }, false);
      for (let s = 0; s < BALL_SLOTS; s++) if (b0.area[k * BALL_SLOTS + s]! > 0) slots.push(g, s, b0.xy[(k * BALL_SLOTS + s) * 2]!, b0.xy[(k * BALL_SLOTS + s) * 2 + 1]!, b0.area[k * BALL_SLOTS + s]!);
    }
    mark('fast pass: store + ball slots');

    // The second pass at its largest: crops and results of every window frame, then merged (and dropped: out of scope).
    const inWindow = (g: number) => Math.floor(g / 2) % L < SECOND_PASS_SHARE * L && store.has(g);
    (() => {
      const crops = Array.from({ length: n }, (_, g) => (inWindow(g) ? { cx: g, cy: 1.5, side: 256.5, angle: 0.1 } : undefined));
      const result = () => ({ xy: new Float32Array(78), score: new Float32Array(39), world: new Float32Array(117), poseFlag: 0.9 });
      // Each result merged as it arrives and dropped (none held for the whole clip); HELD=1: all held until the merge.
      const out = process.env.HELD !== '1' ? { forEach: (fn: (b: ReturnType<typeof result> | undefined, g: number) => void) => crops.forEach((c, g) => fn(c && result(), g)) } : crops.map((c) => c && result());
      mark('second pass: crops + results held');
      const learned = new Float64Array(51);
      out.forEach((b, g) => {
        if (!b) return;
        const k = at(g)[0];
        for (let i = 0; i < 51; i++) learned[i] = p3.keypoints[k * 51 + i]!;
        store.setLearned(g, learned);
      });
    })();
    mark('second pass merged');

    const warnings: unknown[] = [];
    const size = { width: video.width, height: video.height };
    const { pose2d, pose3d } = finishTracks(store, 'long.mp4', { ...video, fps: FPS, frameCount: n, durationS: n / FPS }, size, 1780, (w) => warnings.push(w));
    const ball = emptyBallCandidates(n);
    for (let i = 0; i < slots.length; i += 5) {
      const [g, s] = [slots[i]!, slots[i + 1]!];
      [ball.xy[(g * BALL_SLOTS + s) * 2], ball.xy[(g * BALL_SLOTS + s) * 2 + 1], ball.area[g * BALL_SLOTS + s]] = [slots[i + 2]!, slots[i + 3]!, slots[i + 4]!];
    }
    mark('finishTracks + ball (store still held)');
    return { pose2d, pose3d, ball, warnings, storeFrames: store.length };
  };
  const { pose2d, pose3d, ball, warnings, storeFrames } = engine();
  mark('store dropped (estimatePose returned)');
  const meta = { uid: 'bench-memory', sport: 'pickleball', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1780 } as const;
  const analysis = analyseStrokes({ pose2d, pose3d, ball, fps: FPS, width: video.width, height: video.height, meta });
  mark('analyseStrokes');
  const zipDir = mkdtempSync(join(tmpdir(), 'bench-memory-zip-'));
  const zipPath = join(zipDir, 'archive.zip');
  await writeArchive(zipPath, { pose2d, pose3d, analysis: analysis.result });
  mark('archive written (streamed)');
  const rows = [poseToRow(pose2d), poseToRow(pose3d)];
  // The library's insert of both rows (analysis-rows.ts: one INSERT per track, the BLOBs bound as
  // they are) into a database with the library's pragmas (db.ts) and the poses table's columns.
  const dbDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const db = new Database(join(dbDir, 'library.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE poses (analysis_id INTEGER NOT NULL, dims INTEGER NOT NULL, joints INTEGER NOT NULL, frames INTEGER NOT NULL, source_path TEXT NOT NULL, frame_nr BLOB NOT NULL, timestamps BLOB NOT NULL, keypoints BLOB NOT NULL, confidences BLOB NOT NULL, bbox BLOB NOT NULL, box_confidence BLOB NOT NULL, present BLOB NOT NULL, PRIMARY KEY (analysis_id, dims)) STRICT');
  const insPose = db.prepare('INSERT INTO poses VALUES (@analysis_id, @dims, @joints, @frames, @source_path, @frame_nr, @timestamps, @keypoints, @confidences, @bbox, @box_confidence, @present)');
  db.transaction(() => rows.forEach((row) => insPose.run({ analysis_id: 1, ...row })))();
  db.close();
  rmSync(dbDir, { recursive: true, force: true });
  mark('library BLOBs');
  // The local service's done line carries the pose as API.md JSON, written in pieces as
  // process-route.ts writes it (done-line-stream.ts jsonPieces over PoseJsonEntry; the socket's
  // backpressure bounds what waits to be sent): here the pieces are counted, not sent. The app's
  // direct backend has no done line.
  let doneChars = 0;
  let doneError = '';
  try {
    for (const piece of jsonPieces({ video_entry_2D_json: new PoseJsonEntry(pose2d), video_entry_3D_json: new PoseJsonEntry(pose3d) })) doneChars += piece.length;
  } catch (err) {
    doneError = (err as Error).message;
  }
  mark('service done line: pose as JSON, in pieces');
  const strokes = (analysis.result as { strokes?: unknown[] }).strokes?.length ?? NaN;
  const maxRssMiB = process.resourceUsage().maxRSS / 1024;
  // The entries' uncompressed sizes from the central directory (nothing inflated), after the peak was read.
  const entryMiB = Object.fromEntries(new AdmZip(zipPath).getEntries().map((e) => [e.entryName, e.header.size / MiB]));
  const zipMiB = statSync(zipPath).size / MiB;
  rmSync(zipDir, { recursive: true, force: true });
  console.log(JSON.stringify({ n, storeFrames, strokes, zipMiB, entryMiB, doneJsonMiB: doneChars / MiB, doneError, rows: rows.length, warnings: warnings.length, samples, maxRssMiB }));
}

function parent(): void {
  const i = process.argv.indexOf('--frames');
  const sizes = i > 0 ? process.argv[i + 1]!.split(',').map(Number) : [10_000, 50_000, 216_000, 648_000];
  console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  for (const n of sizes) {
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(n), '--clip', CLIP], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const line = r.stdout.trim().split('\n').at(-1) ?? '';
    if (r.status !== 0 || !line.startsWith('{')) {
      console.log(`N=${n}: child exited ${r.status ?? r.signal}: ${r.stdout}`);
      continue;
    }
    const o = JSON.parse(line) as { n: number; strokes: number; zipMiB: number; entryMiB: Record<string, number>; doneJsonMiB: number; doneError: string; samples: Sample[]; maxRssMiB: number };
    const base = o.samples[0]!;
    console.log(`\nN = ${n} frames (${(n / FPS / 3600).toFixed(2)} h at ${FPS} fps, ${CLIP} looped): ${o.strokes} strokes, archive ${o.zipMiB.toFixed(1)} MiB, done-line JSON ${o.doneError ? `failed (${o.doneError})` : `${o.doneJsonMiB.toFixed(1)} MiB`}, child peak RSS ${o.maxRssMiB.toFixed(0)} MiB (baseline RSS ${base.rssMiB.toFixed(0)} MiB)`);
    console.log('stage | heap+buffers over baseline MiB (B/frame) | RSS over baseline MiB (B/frame) | peak RSS so far over baseline MiB (B/frame) | s');
    for (const s of o.samples.slice(1)) {
      const held = s.heapMiB + s.buffersMiB - base.heapMiB - base.buffersMiB;
      const rss = s.rssMiB - base.rssMiB;
      const peak = s.peakMiB - base.rssMiB;
      console.log(`${s.stage} | ${held.toFixed(1)} (${Math.round((held * MiB) / n)}) | ${rss.toFixed(1)} (${Math.round((rss * MiB) / n)}) | ${peak.toFixed(1)} (${Math.round((peak * MiB) / n)}) | ${s.s.toFixed(1)}`);
    }
    console.log(`archive entries (uncompressed MiB): ${Object.entries(o.entryMiB).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
    const direct = o.samples.find((s) => s.stage === 'library BLOBs')!.peakMiB - base.rssMiB;
    console.log(`peak RSS over baseline up to the library rows (no done line): ${direct.toFixed(1)} MiB (${Math.round((direct * MiB) / n)} B/frame)`);
    const peak = o.maxRssMiB - base.rssMiB;
    console.log(`peak RSS over baseline, with the service's done line: ${peak.toFixed(1)} MiB (${Math.round((peak * MiB) / n)} B/frame)`);
  }
}

const c = process.argv.indexOf('--child');
if (c > 0) await child(Number(process.argv[c + 1]));
else parent();

/**
 * The `/process` final line written in pieces (main/service/done-line-stream.ts, ndjson-writer.ts
 * lineInPieces): byte for byte the old `JSON.stringify(doneObject) + '\n'` (the pose entries
 * built whole by poseTrackToJson), on a real analysis and on a synthetic object with edge values,
 * over real HTTP on 127.0.0.1; and a long pose written with a small, bounded heap.
 */
import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonPieces, PoseJsonEntry } from '../../main/service/done-line-stream.js';
import { NdjsonWriter } from '../../main/service/ndjson-writer.js';
import { createPoseTrack, poseTrackFromJson, poseTrackToJson, type PoseTrack } from '../../main/pose/pose-track.js';
import { analysedClip } from '../support/analysed-clip.js';
import { syntheticPoseTrack } from '../support/fixtures.js';

// A full collection before a measurement, so the heap measured from is live data, not garbage.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The same object with each PoseJsonEntry built whole: what process-route.ts serialised before. */
function materialised(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof PoseJsonEntry ? poseTrackToJson(v.track) : v]));
}

/** A 3-frame track with edge values: absent frames, -0, tiny and huge values, NaN bbox. */
function edgeTrack(dims: 2 | 3): PoseTrack {
  const t = createPoseTrack(3, dims, 17, 'ünïcødé "quoted" \\ path\u2028.mp4');
  t.frameNr.set([0, 7, 2_000_000]);
  t.timestamps.set([0, 1 / 3, 1e-7]);
  t.present.set([0, 1, 1]);
  for (let i = 17 * dims; i < t.keypoints.length; i++) t.keypoints[i] = [-0, 1e-9, 123456.789, -3.14159, 1e30][i % 5]!;
  t.confidences.fill(0.1234567);
  t.boxConfidence.set([0, 1, 0.5]);
  if (dims === 2) t.bbox.set([1, 2, 3, 4], 4);
  return t;
}

let server: Server;
let url = '';
let serve: (res: ServerResponse) => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  server = createServer((_req, res) => void serve(res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** GETs the test server's answer as bytes. */
function fetchBytes(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve(Buffer.concat(parts)));
    }).on('error', reject);
  });
}

describe('the done line in pieces', () => {
  it('a synthetic object with edge values: the same text as JSON.stringify of the whole object', () => {
    const obj = {
      status: 'done',
      uid: 'ü\u0000\ud800"\\</script>',
      skipped: undefined,
      fn: () => 1,
      warnings: ['a\nb', '😀'],
      result: { n: [NaN, -0, 1e21, 5e-324, Infinity], d: new Date(0), nested: { undef: undefined } },
      video_entry_2D_json: new PoseJsonEntry(edgeTrack(2)),
      empty: new PoseJsonEntry(createPoseTrack(0, 3)),
      video_entry_3D_json: new PoseJsonEntry(edgeTrack(3)),
      last: null,
    };
    const old = JSON.stringify(materialised(obj));
    expect([...jsonPieces(obj)].join('')).toBe(old);
    expect(JSON.stringify(obj)).toBe(old); // PoseJsonEntry.toJSON: a plain stringify still gives the wire text
    const first = { video_entry_2D_json: new PoseJsonEntry(edgeTrack(2)), u: undefined };
    expect([...jsonPieces(first)].join('')).toBe(JSON.stringify(materialised(first)));
    expect([...jsonPieces({ u: undefined })].join('')).toBe('{}');
  });

  it('a 100,000-frame pose pair (~118 MB of line) is written with a heap that grows far less than the line', async () => {
    // Before the real analysis below: run right after an engine run in this process (the cache of
    // analysedClip missed) this measured 115 MiB once, 14-15 MiB in every other run; the heap
    // measured is the whole process's, so it counts what that run still allocates.
    // 100k frames rather than 200k: making the pieces is ~60 µs a frame on this machine, so
    // 200k frames took ~12 s; a 200k-frame run by hand measured the same peak (15 MiB).
    const frames = 100_000;
    const p2 = syntheticPoseTrack(2, { frames });
    const p3 = syntheticPoseTrack(3, { frames });
    let bytes = 0;
    let peak = 0;
    const sink = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        setImmediate(cb);
      },
    });
    gc();
    const before = process.memoryUsage().heapUsed;
    await new NdjsonWriter(sink as unknown as ServerResponse).lineInPieces(jsonPieces({ status: 'done', video_entry_2D_json: new PoseJsonEntry(p2), video_entry_3D_json: new PoseJsonEntry(p3) }));
    const extra = peak - before;
    console.log(`done line of ${frames} frames: ${bytes} bytes, peak heap ${(extra / 2 ** 20).toFixed(1)} MiB above the start`);
    expect(bytes).toBeGreaterThan(frames * 1000);
    expect(extra).toBeLessThan(bytes / 4);
  });

  it('a real analysis (3 s tennis cut) over HTTP: the bytes of JSON.stringify(done) + newline; a line asked for meanwhile follows it', async () => {
    const { done } = await analysedClip();
    const { video_entry_2D_json: j2, video_entry_3D_json: j3, ...rest } = done;
    const obj = { ...rest, video_entry_2D_json: new PoseJsonEntry(poseTrackFromJson(j2)), video_entry_3D_json: new PoseJsonEntry(poseTrackFromJson(j3)), archive_url: 'http://127.0.0.1/a.zip?X-Sig=1' };
    const old = `${JSON.stringify(materialised(obj))}\n`;
    serve = async (res) => {
      const out = new NdjsonWriter(res);
      out.open();
      const writing = out.lineInPieces(jsonPieces(obj));
      out.line({ status: 'after' });
      await writing;
      out.end();
    };
    const bytes = await fetchBytes();
    expect(bytes.subarray(0, Buffer.byteLength(old)).equals(Buffer.from(old, 'utf8'))).toBe(true);
    expect(bytes.subarray(Buffer.byteLength(old)).toString('utf8')).toBe('{"status":"after"}\n');
    expect(Buffer.byteLength(old)).toBeGreaterThan(100_000);
  });

  it('a client that goes away mid-line ends the write without waiting for a drain that never comes', async () => {
    const sink = new Writable({ highWaterMark: 1024, write: (_c, _e, cb) => setTimeout(cb, 5) });
    const p = syntheticPoseTrack(2, { frames: 5000 });
    setTimeout(() => sink.destroy(), 20);
    await new NdjsonWriter(sink as unknown as ServerResponse).lineInPieces(jsonPieces({ video_entry_2D_json: new PoseJsonEntry(p) }));
    expect(sink.destroyed).toBe(true);
  });

  it('a reader that never makes the writer wait still lets the event loop turn (about every 1 MB)', async () => {
    const sink = new Writable({ highWaterMark: 1 << 30, write: (_c, _e, cb) => cb() });
    const p = syntheticPoseTrack(3, { frames: 10_000 });
    let turns = 0;
    let writing = true;
    const tick = (): void => {
      turns++;
      if (writing) setImmediate(tick);
    };
    setImmediate(tick);
    await new NdjsonWriter(sink as unknown as ServerResponse).lineInPieces(jsonPieces({ video_entry_3D_json: new PoseJsonEntry(p) }));
    writing = false;
    expect(turns).toBeGreaterThan(3); // ~6 MB of line
  });
});

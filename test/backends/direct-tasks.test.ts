/**
 * Video checks and tennis statistics tasks on the direct local backend (main/backends/
 * direct-tasks.ts) against the same through HTTP (the in-process service, `localTransport:
 * 'http'`), on real clips of ../shared/media with the real engine: the same answers and the same
 * stored result, while the direct path starts no server (net.Server listen counted), uploads
 * nothing and copies nothing (the clip's `file:` URL is read where it lies; the service's
 * storage holds only the result). Each path runs in a fresh home folder.
 */
import { Server } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBackendResolver } from '../../main/backends/index.js';
import type { TaskClient } from '../../main/backends/direct-tasks.js';
import type { ApiClient } from '../../main/api/client.js';
import { JobQueue, type JobView } from '../../main/jobs/index.js';
import { openLibrary } from '../../main/library/db.js';
import { getTennisTask } from '../../main/library/tennis-results.js';
import type { TennisStats } from '../../main/analysis/tennis-stats.js';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { nodeSecretBox } from '../../main/settings/api-key.js';
import { cutClip } from '../service/helpers.js';
import { mediaPath } from '../support/media.js';

const root = mkdtempSync(join(tmpdir(), 'ss-direct-tasks-'));
const FULL = mediaPath('tennis_forehand_2.mp4'); // 10.01 s, 1920×1080, 29.97 fps
let clip = ''; // 3 s around its forehand, for the tennis task (the engine is slow on 2 shared cores)
const listens = vi.spyOn(Server.prototype, 'listen');
let seconds = 0;

beforeAll(() => {
  clip = cutClip(FULL, join(root, 'forehand.mp4'), 2.8, 3);
  seconds = techniquePipeline.secondsPerFrame();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fresh home and resolver on `transport`; `done()` closes it. */
function backendsOn(transport: 'direct' | 'http', name: string) {
  const home = join(root, `${name}-${transport}`);
  const backends = createBackendResolver({ home, secretBox: nodeSecretBox(home), env: {}, localTransport: transport, localService: { log: () => undefined } });
  return { home, backends, objects: (dir: string) => readdirSync(join(home, 'service', 'objects', dir), { recursive: true }).map(String).sort() };
}

const folders = (home: string) => readdirSync(join(home, 'service', 'objects')).sort();

describe('video checks, direct and over HTTP', () => {
  it('give the same answer for a real clip, and the direct one starts no server and copies nothing', async () => {
    const d = backendsOn('direct', 'check');
    const h = backendsOn('http', 'check');
    try {
      listens.mockClear();
      const direct: TaskClient = await d.backends.tasks!('local');
      const fullUrl = direct.fileUrl!(FULL);
      const missing = pathToFileURL(join(root, 'not-there.mp4')).href;
      const dr = await direct.checkVideos([fullUrl, missing]);
      expect(listens).not.toHaveBeenCalled();
      expect(folders(d.home)).toEqual([]); // nothing stored: no upload, no copy
      expect(readdirSync(join(d.home, 'service', 'tmp'))).toEqual([]);
      // 10.01 s rounds to 10.0 (within 3–10 s), 29.97 ≥ 29 fps, short side 1080 ≥ 480 px (video-check-route.ts CHECK_THRESHOLDS).
      const expected = { video_ok: true, fps_check: true, resolution_check: true, estimated_compute_time: Math.round((seconds * 300 + 3) * 10) / 10 };
      expect(dr.data?.[fullUrl]).toEqual(expected);
      expect(dr.errors?.[missing]).toEqual({ status: 404, message: `No such file: ${join(root, 'not-there.mp4')}` });

      const http = (await h.backends.tasks!('local')) as ApiClient;
      expect('fileUrl' in http).toBe(false); // HTTP backends need an upload
      const { downloadUrl } = await http.uploadVideo(FULL, { contentType: 'video/mp4' });
      const hr = await http.checkVideos([downloadUrl, fullUrl]);
      expect(listens).toHaveBeenCalledTimes(1); // the HTTP path's service
      expect(hr.data?.[downloadUrl]).toEqual(dr.data?.[fullUrl]);
      // Over HTTP a client cannot name a file of this machine.
      expect(hr.errors?.[fullUrl]).toEqual({ status: 400, message: 'Only http(s) URLs are supported' });
    } finally {
      await d.backends.close();
      await h.backends.close();
    }
  });

  it('refuses a bad request and a cancelled one with the HTTP client\'s error kinds', async () => {
    const d = backendsOn('direct', 'refuse');
    try {
      const t = await d.backends.tasks!('local');
      await expect(t.checkVideos([])).rejects.toMatchObject({ name: 'ApiError', kind: 'input', message: 'video check: video_urls: video_urls must not be empty' });
      const ac = new AbortController();
      ac.abort();
      await expect(t.checkVideos([t.fileUrl!(FULL)], 'stable', ac.signal)).rejects.toMatchObject({ kind: 'cancelled' });
      await expect(t.createTennisTask({ video_url: pathToFileURL(join(root, 'nope.mp4')).href })).rejects.toMatchObject({ kind: 'input', status: 404 });
    } finally {
      await d.backends.close();
    }
  });
});

describe('tennis statistics jobs, direct and over HTTP', () => {
  /** Runs one tennis job of `clip` on the local backend over `transport`; returns its states, its stored result, the storage's folders. */
  async function tennisJob(transport: 'direct' | 'http') {
    const b = backendsOn(transport, 'tennis');
    const db = openLibrary(b.home);
    const queue = new JobQueue({ db, home: b.home, backends: b.backends });
    const states: string[] = [];
    let uploadedBytes = 0;
    queue.on('job', (j: JobView) => {
      if (states.at(-1) !== j.state) states.push(j.state);
      uploadedBytes = Math.max(uploadedBytes, j.bytes ?? 0);
    });
    try {
      queue.start();
      listens.mockClear();
      const id = queue.enqueueTennis({ videoPath: clip, backend: 'local' });
      await queue.whenIdle();
      const job = queue.get(id);
      expect(job?.state, job?.reason ?? '').toBe('done');
      const stored = getTennisTask(db, job?.taskId ?? '');
      return { states, uploadedBytes, raw: stored?.raw, listens: listens.mock.calls.length, folders: folders(b.home), results: b.objects('results'), taskId: job?.taskId };
    } finally {
      await queue.stop();
      await b.backends.close();
      db.close();
    }
  }

  it('store the same result; the direct job uploads nothing and starts no server', async () => {
    const direct = await tennisJob('direct');
    const http = await tennisJob('http');
    expect(direct.listens).toBe(0);
    expect(http.listens).toBe(1);
    // The queue claims every job as `uploading` (job-store.ts); only HTTP sends bytes in it.
    expect(direct.states).toEqual(['queued', 'uploading', 'analysing', 'storing', 'done']);
    expect(http.states).toEqual(direct.states);
    expect(direct.uploadedBytes).toBe(0);
    expect(http.uploadedBytes).toBeGreaterThan(100_000);
    expect(direct.folders).toEqual(['results']); // the result only: the clip was read where it lies
    expect(direct.results).toEqual([`${direct.taskId}.json`]);
    expect(http.folders).toEqual(['results', 'videos']); // the upload
    const r = direct.raw as TennisStats;
    expect(r).toMatchObject({ dominant_hand: 'right', frames: 90, video: { width: 1920, height: 1080 }, movement: { frames_in_frame: 90, share_in_frame: 1 } });
    expect(r.fps).toBeCloseTo(29.97, 2);
    // Measured at commit time: 0.25 m walked, 0.0023 m per pixel (a 1.78 m player about 760 px tall).
    expect(r.movement.distance_m).toBeGreaterThan(0.05);
    expect(r.movement.metres_per_pixel).toBeGreaterThan(0.0015);
    expect(r.movement.metres_per_pixel).toBeLessThan(0.004);
    expect(r.swing_counts.total).toBe(r.swings.length);
    expect(http.raw).toEqual(direct.raw);
  });
});

/**
 * The client against the real local service (main/service): same contract, other backend.
 * Tennis tasks are only queued (runTasks: false) to keep this fast; /process runs the real
 * engine once on a 2 s cut of a real clip.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, TechniqueError, type ApiClient } from '../../main/api/index.js';
import { testFfmpeg } from '../support/ffmpeg-cli.js';
import { startLocalService, type LocalService } from '../../main/service/service-server.js';
import { mediaPath } from '../support/media.js';
import { apiFailure, metadata } from './helpers.js';

let home: string;
let svc: LocalService;
let api: ApiClient;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'api-local-'));
  svc = await startLocalService({ home, port: 0, log: () => undefined, runTasks: false });
  api = createApiClient({
    baseUrl: svc.baseUrl,
    techniqueUrl: svc.techniqueUrl,
    apiKey: svc.token,
    techniqueToken: svc.token,
  });
});
afterAll(async () => {
  await svc.close();
  rmSync(home, { recursive: true, force: true });
});

describe('client × local service', () => {
  it('uploads, downloads back byte-identical, checks and queues a tennis task', async () => {
    const clip = mediaPath('tennis_forehand_1.mp4');
    const up = await api.uploadVideo(clip);
    expect(up.bytes).toBe(statSync(clip).size);
    const back = join(home, 'back.mp4');
    await api.download(up.downloadUrl, back);
    expect(readFileSync(back).equals(readFileSync(clip))).toBe(true);
    const check = await api.checkVideos([up.downloadUrl]);
    expect(typeof check.data?.[up.downloadUrl]?.fps_check).toBe('boolean');
    const { taskId } = await api.createTennisTask({ video_url: up.downloadUrl });
    const state = await api.getTennisTask(taskId);
    expect(state.state).toBe('pending');
  });

  it('a wrong key is an auth error', async () => {
    const bad = createApiClient({
      baseUrl: svc.baseUrl,
      techniqueUrl: svc.techniqueUrl,
      apiKey: 'nope',
      retries: 0,
    });
    expect((await apiFailure(bad.getUploadUrl('a.mp4'))).kind).toBe('auth');
  });

  it('an unreadable video is a TechniqueError with the service status', async () => {
    const empty = join(home, 'empty.mp4');
    writeFileSync(empty, '');
    const err = await apiFailure(api.processVideo(empty, metadata('local-empty')));
    expect(err).toBeInstanceOf(TechniqueError);
    expect(err.status).toBe(400);
  });

  it('analyses a 2 s real clip end to end', async () => {
    const cut = join(home, 'cut.mp4');
    execFileSync(testFfmpeg(), [
      '-v',
      'error',
      '-y',
      '-ss',
      '1',
      '-i',
      mediaPath('tennis_forehand_1.mp4'),
      '-t',
      '2',
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      cut,
    ]);
    const progress: number[] = [];
    const done = await api.processVideo(
      cut,
      { ...metadata('local-1'), store_data: true },
      { onProgress: (p) => progress.push(p.progress ?? 0) },
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(done.uid).toBe('local-1');
    expect(done.video_entry_2D_json.annotation_data.length).toBeGreaterThan(30);
    const zipUrl = api.archiveUrlOf(done);
    expect(zipUrl).toBeDefined();
    const zip = join(home, 'a.zip');
    await api.download(zipUrl!, zip);
    expect(readFileSync(zip).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  });
});

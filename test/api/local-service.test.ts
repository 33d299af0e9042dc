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
import { piecesPoseOf } from '../../main/api/index.js';
import type { DoneLine } from '../../main/contract/technique-schema.js';
import { poseTrackFromJson } from '../../main/pose/pose-track.js';

let home: string;
let svc: LocalService;
/** The 2 s cut and its done line read whole, from 'analyses a 2 s real clip end to end'. */
let whole: { cut: string; done: DoneLine } | undefined;
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
    whole = { cut, done };
    const zipUrl = api.archiveUrlOf(done);
    expect(zipUrl).toBeDefined();
    const zip = join(home, 'a.zip');
    await api.download(zipUrl!, zip);
    expect(readFileSync(zip).subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  });

  it('the same clip with a line cap below its done line: the done line (written in pieces) is read in pieces, the same pose as read whole', async () => {
    expect(whole).toBeDefined();
    // A cap between the line without its pose frames (result, ball candidates) and the whole line.
    const d = whole!.done;
    const rest = JSON.stringify({ ...d, video_entry_2D_json: { ...d.video_entry_2D_json, annotation_data: [] }, video_entry_3D_json: { ...d.video_entry_3D_json, annotation_data: [] } }).length;
    const cap = rest + 4096;
    expect(cap).toBeLessThan(JSON.stringify(d).length / 2);
    const { analysis } = await api.analyseVideo(whole!.cut, metadata('local-pieces'), { maxLineBytes: cap });
    const expected = (e: DoneLine['video_entry_2D_json']) => ({ ...poseTrackFromJson(e), sourcePath: '' });
    // Each upload lands in its own temp file, which the entries name as their source_path.
    expect({ ...analysis.pose2d, sourcePath: '' }).toEqual(expected(whole!.done.video_entry_2D_json));
    expect({ ...analysis.pose3d, sourcePath: '' }).toEqual(expected(whole!.done.video_entry_3D_json));
    expect(analysis.result).toEqual(whole!.done.result);
    const done = await api.processVideo(whole!.cut, metadata('local-pieces-2'), { maxLineBytes: cap });
    expect(done.video_entry_2D_json.annotation_data).toEqual([]);
    expect(piecesPoseOf(done)?.pose2d?.frames).toBe(whole!.done.video_entry_2D_json.annotation_data.length);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TechniqueLine, type TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { readArchive } from '../../main/archive/read.js';
import { mediaPath } from '../support/media.js';
import { cutClip, decodedFrames, startTestService, tempHome, testPattern } from './helpers.js';

type Svc = Awaited<ReturnType<typeof startTestService>>;
let home: ReturnType<typeof tempHome>;
let svc: Svc;
const clips: Record<string, string> = {};

const META: TechniqueRequestMetadata = {
  uid: 'req-1',
  sport: 'tennis',
  swing_type: 'forehand_drive',
  dominant_hand: 'right',
  player_height_mm: 1850,
};

beforeAll(async () => {
  home = tempHome();
  svc = await startTestService(home.home);
  const dir = home.home;
  clips.tennis = cutClip(mediaPath('tennis_forehand_2.mp4'), join(dir, 'tennis.mp4'), 1.5, 3);
  clips.pickleball = cutClip(mediaPath('pickleball_rec_1.mp4'), join(dir, 'pickleball.mp4'), 3, 2.5);
  clips.empty = testPattern(join(dir, 'nobody.mp4'));
  clips.portrait = mediaPath('balance_portrait_60fps_1.mp4');
  writeFileSync(join(dir, 'text.mp4'), 'this is not a video\n'.repeat(50));
  writeFileSync(join(dir, 'empty.mp4'), '');
  // The playlist attack (issue 13): 139 bytes of HLS naming another video on this disk.
  writeFileSync(join(dir, 'playlist.mp4'), `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${clips.portrait}\n#EXT-X-ENDLIST\n`);
  const whole = readFileSync(clips.tennis);
  writeFileSync(join(dir, 'truncated.mp4'), whole.subarray(0, Math.floor(whole.length * 0.6)));
  const faststart = cutClip(mediaPath('tennis_forehand_2.mp4'), join(dir, 'faststart.mp4'), 1.5, 2, ['-movflags', '+faststart']);
  const fs = readFileSync(faststart);
  writeFileSync(join(dir, 'truncated-faststart.mp4'), fs.subarray(0, Math.floor(fs.length * 0.5)));
});
afterAll(async () => {
  await svc.close();
  home.cleanup();
});

/** POSTs a clip to /process and returns the HTTP status, content type and the parsed lines. */
async function processClip(
  file: string,
  meta: unknown,
  name = file.split('/').pop() ?? 'clip.mp4',
  token: string | null = svc.token,
): Promise<{ status: number; type: string; lines: Record<string, unknown>[] }> {
  const form = new FormData();
  form.set('metadata', typeof meta === 'string' ? meta : JSON.stringify(meta));
  form.set('file', new Blob([readFileSync(file)]), name);
  const res = await fetch(`${svc.techniqueUrl}/process`, {
    method: 'POST',
    body: form,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  const lines = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: res.status, type: res.headers.get('content-type') ?? '', lines };
}

function expectValidStream(lines: Record<string, unknown>[]): Record<string, unknown> {
  for (const line of lines) TechniqueLine.parse(line);
  const last = lines.at(-1) ?? {};
  for (const line of lines.slice(0, -1)) expect(line.status).toBe('processing');
  const progress = lines.map((l) => l.progress).filter((p): p is number => typeof p === 'number');
  expect(progress.length).toBeGreaterThan(1);
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  return last;
}

describe('POST /process on real clips', () => {
  it('single player tennis forehand (3 s cut, 1080p): done with a pose for every decoded frame, archive stored', async () => {
    const r = await processClip(clips.tennis!, { ...META, uid: 'tennis-1', store_data: true });
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^application\/x-ndjson/);
    const done = expectValidStream(r.lines);
    expect(done.status).toBe('done');
    expect(done.uid).toBe('tennis-1');
    expect(done.errors).toEqual([]);
    expect(done.metadata).toEqual({ pipeline_version: 'stable', compute_version: 'v0.1.0' });
    const frames = decodedFrames(clips.tennis!);
    const e2 = done.video_entry_2D_json as { annotation_data: Array<{ frame_nr: number; instances: unknown[] }>; annotation_format: string };
    const e3 = done.video_entry_3D_json as { annotation_data: Array<{ instances: Array<{ keypoints: number[][] }> }> };
    expect(e2.annotation_format).toBe('H36M');
    expect(e2.annotation_data).toHaveLength(frames);
    expect(e3.annotation_data).toHaveLength(frames);
    expect(e2.annotation_data.map((f) => f.frame_nr)).toEqual([...Array(frames).keys()]);
    const present = e2.annotation_data.filter((f) => f.instances.length > 0).length;
    expect(present / frames).toBeGreaterThan(0.9);
    expect(e3.annotation_data.find((f) => f.instances.length)?.instances[0]?.keypoints[0]).toHaveLength(3);
    const features = (done.result as { features: unknown[] }).features;
    expect(features.length).toBeGreaterThan(0);

    expect(typeof done.archive_url).toBe('string');
    const zip = await fetch(done.archive_url as string);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const archive = readArchive(Buffer.from(await zip.arrayBuffer()));
    expect(archive.pose2d.frames).toBe(frames);
  });

  it('several people (pickleball, 2.5 s cut from 3 s): every line validates, one pose per decoded frame', async () => {
    // The coach gives the contact (the labelled forehand at frame 112 of the source, 3 s in: 0.733 s
    // of the cut): this test is about the stream, not the stroke detector, which on this cut (the
    // player large and cut off by the frame's edge) finds the swing at 0.37 s and calls it a backhand.
    const r = await processClip(clips.pickleball!, { ...META, uid: 'pb-1', sport: 'pickleball', ball_timestamp: 0.733 });
    expect(r.status).toBe(200);
    const last = expectValidStream(r.lines);
    expect(last.status).toBe('done');
    expect((last.video_entry_2D_json as { annotation_data: unknown[] }).annotation_data).toHaveLength(decodedFrames(clips.pickleball!));
    expect(last.archive_url).toBeUndefined();
    // Our extra: the engine's ball candidates, one frame per pose frame. The return leaves the
    // paddle after the contact (source frames 113-121 = 23-31 of the cut): a candidate on most of them.
    const ball = last.ball_candidates as { frames: number; blobs: [number, number, number, number][] };
    expect(ball.frames).toBe(decodedFrames(clips.pickleball!));
    expect(new Set(ball.blobs.filter(([f]) => f >= 23 && f <= 31).map(([f]) => f)).size).toBeGreaterThanOrEqual(5);
  });

  it('portrait 60 fps: 2D keypoints inside the 1080×1920 portrait frame', async () => {
    const r = await processClip(clips.portrait!, { ...META, uid: 'portrait-1', sport: 'none', swing_type: 'backhand_drive', dominant_hand: 'left' });
    expect(r.status).toBe(200);
    const last = expectValidStream(r.lines);
    expect(last.status).toBe('done');
    const data = (last.video_entry_2D_json as { annotation_data: Array<{ timestamp: number; instances: Array<{ keypoints: number[][] }> }> }).annotation_data;
    expect(data).toHaveLength(decodedFrames(clips.portrait!));
    expect(data[1]!.timestamp - data[0]!.timestamp).toBeCloseTo(1 / 60, 3);
    const kps = data.flatMap((f) => f.instances.flatMap((i) => i.keypoints));
    expect(Math.max(...kps.map((k) => k[0]!))).toBeLessThanOrEqual(1080);
    expect(Math.max(...kps.map((k) => k[1]!))).toBeGreaterThan(1080); // y runs down the tall side
  });
});

describe('POST /process with nobody in the video', () => {
  it('ends with an error line: a clear reason, features empty', async () => {
    const r = await processClip(clips.empty!, { ...META, uid: 'nobody' });
    expect(r.status).toBe(200);
    const last = expectValidStream(r.lines);
    expect(last.status).toBe('error');
    expect(last.uid).toBe('nobody');
    expect(String((last.errors as string[])[0])).toMatch(/no person found/);
    expect((last.result as { features: unknown[] }).features).toEqual([]);
  });
});

describe('POST /process bad input: documented 400s, the service keeps serving', () => {
  const invalid = (body: Record<string, unknown>, uid: string, error: RegExp) => {
    expect(body.status).toBe('error');
    expect(body.uid).toBe(uid);
    expect(String(body.error)).toMatch(error);
    expect(String(body.timestamp)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/);
    TechniqueLine.parse(body);
  };

  it.each([
    ['text file named .mp4', 'text.mp4', META, 'u1', /Could not extract meta-data from the video/],
    ['truncated mp4', 'truncated.mp4', META, 'u1', /Could not extract meta-data from the video/],
    ['empty file', 'empty.mp4', META, 'u1', /File is empty/],
    ['HLS playlist named .mp4 naming a local clip', 'playlist.mp4', META, 'u1', /Could not extract meta-data from the video/],
    ['unknown sport', 'tennis.mp4', { ...META, sport: 'squash' }, 'u1', /sport/],
    ['missing uid', 'tennis.mp4', { ...META, uid: undefined }, '', /uid/],
    ['negative height', 'tennis.mp4', { ...META, player_height_mm: -1 }, 'u1', /player_height_mm: player height must be between 500 and 2800 mm \(got -1\)/],
    ['metadata not JSON', 'tennis.mp4', '{uid: 1', '', /metadata is not valid JSON/],
  ])('%s', async (_label, file, meta, uid, error) => {
    const m = typeof meta === 'string' ? meta : { ...meta, uid: (meta as { uid?: string }).uid === undefined ? undefined : uid };
    const r = await processClip(join(home.home, file), m);
    expect(r.status).toBe(400);
    expect(r.lines).toHaveLength(1);
    invalid(r.lines[0]!, uid, error);
  });

  it('a truncated mp4 with its index in front: analysed as far as it decodes, with a warning', async () => {
    const r = await processClip(join(home.home, 'truncated-faststart.mp4'), META);
    expect(r.status).toBe(200);
    const last = expectValidStream(r.lines);
    expect(['done', 'error']).toContain(last.status);
    expect((last.warnings as string[]).some((w) => /video looks truncated/.test(w))).toBe(true);
    expect(r.lines.some((l) => l.status === 'processing' && (l.warnings as string[] | undefined)?.some((w) => /truncated/.test(w)))).toBe(true);
  });

  it('an unsupported extension and a missing file field', async () => {
    const r = await processClip(join(home.home, 'tennis.mp4'), META, 'clip.webm');
    expect(r.status).toBe(400);
    invalid(r.lines[0]!, 'req-1', /Unsupported file extension ".webm"/);
    const form = new FormData();
    form.set('metadata', JSON.stringify(META));
    const res = await fetch(`${svc.techniqueUrl}/process`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${svc.token}` } });
    expect(res.status).toBe(400);
    invalid((await res.json()) as Record<string, unknown>, 'req-1', /Missing form field: file/);
  });

  it('a malformed multipart body', async () => {
    const res = await fetch(`${svc.techniqueUrl}/process`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${svc.token}`, 'Content-Type': 'multipart/form-data' },
      body: 'no boundary here',
    });
    expect(res.status).toBe(400);
    invalid((await res.json()) as Record<string, unknown>, '', /Malformed multipart body/);
  });

  it('401 without the bearer token', async () => {
    const r = await processClip(join(home.home, 'tennis.mp4'), META, 'tennis.mp4', null);
    expect(r.status).toBe(401);
  });

  it('a client that disconnects aborts the analysis; the next request is served', async () => {
    const form = new FormData();
    form.set('metadata', JSON.stringify({ ...META, uid: 'gone' }));
    form.set('file', new Blob([readFileSync(clips.tennis!)]), 'tennis.mp4');
    const ac = new AbortController();
    const res = await fetch(`${svc.techniqueUrl}/process`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${svc.token}` }, signal: ac.signal });
    const reader = res.body!.getReader();
    await reader.read(); // first processing line
    ac.abort();
    for (let i = 0; i < 200 && !svc.logs.some((l) => l.includes('gone: aborted')); i++) await new Promise((r) => setTimeout(r, 50));
    expect(svc.logs.some((l) => l.includes('/process gone: aborted'))).toBe(true);
    const again = await processClip(clips.empty!, { ...META, uid: 'after-abort' });
    expect(again.status).toBe(200);
    expect(again.lines.at(-1)).toMatchObject({ status: 'error', uid: 'after-abort' });
  });
});

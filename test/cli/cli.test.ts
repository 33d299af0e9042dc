/**
 * The `swing-studio` CLI end to end, in process: `analyze` against the real local service
 * (started in-process on 127.0.0.1) with a real 1.67 s clip, then `library list/show/delete`,
 * `check`, `tennis` against the contract fault server as the remote backend, and the failures
 * (one stderr line, non-zero exit code, library unchanged).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeVideo } from '../../main/av/index.js';
import { openLibrary } from '../../main/library/db.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { listSessions } from '../../main/library/sessions.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';
import { runCliCapture } from './run-cli.js';

const CLIP = mediaPath('balance_portrait_60fps_1.mp4');

let home: string;
let env: Record<string, string | undefined>;
let sessionId: number;
let analyzeJson: { id: number; playerName: string; sport: string; swingType: string; overallScore: number | null; features: { name: string; score: number; value: number; level: string }[]; poseFrames: { pose2d: number; pose3d: number } };

/** Sessions and jobs in the library, and its files (to prove a failure changed nothing). */
function librarySnapshot(): { sessions: number[]; jobs: number; files: string[] } {
  const db = openLibrary(home);
  try {
    const files = ['clips', 'archives'].flatMap((d) => (existsSync(join(home, 'library', d)) ? readdirSync(join(home, 'library', d)) : []));
    return { sessions: listSessions(db).map((s) => s.id), jobs: db.prepare('SELECT COUNT(*) FROM jobs').pluck().get() as number, files };
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'ss-cli-'));
  env = { SWING_STUDIO_HOME: home, SWING_STUDIO_API_KEY: undefined, SWING_STUDIO_PROGRESS: undefined };
  const run = await runCliCapture(['analyze', CLIP, '--player', 'Ann Example', '--height', '1680', '--hand', 'right', '--sport', 'tennis', '--swing', 'forehand_drive', '--title', 'Balance test', '--json'], env);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  analyzeJson = JSON.parse(run.stdout) as typeof analyzeJson;
  sessionId = analyzeJson.id;
});

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('swing-studio analyze', () => {
  it('stores a session that reloads with the same features and a pose for every frame', async () => {
    expect(analyzeJson.playerName).toBe('Ann Example');
    expect(analyzeJson.sport).toBe('tennis');
    expect(analyzeJson.swingType).toBe('forehand_drive');
    expect(analyzeJson.features.length).toBeGreaterThan(0);
    const frames = (await probeVideo(CLIP)).frameCount;
    expect(frames).toBe(100); // 1.67 s at 60 fps
    const db = openLibrary(home);
    try {
      const d = getSessionDetail(db, sessionId);
      expect(d).not.toBeNull();
      expect(d?.session.title).toBe('Balance test');
      expect(d?.player.heightMm).toBe(1680);
      expect(d?.features.map((f) => [f.feature_name, f.score, f.value, f.level])).toEqual(analyzeJson.features.map((f) => [f.name, f.score, f.value, f.level]));
      expect(d?.pose2d?.frames).toBe(frames);
      expect(d?.pose3d?.frames).toBe(frames);
      expect(analyzeJson.poseFrames).toEqual({ pose2d: frames, pose3d: frames });
      const mean = analyzeJson.features.reduce((s, f) => s + f.score, 0) / analyzeJson.features.length;
      expect(analyzeJson.overallScore).toBeCloseTo(mean, 6);
      expect(existsSync(d?.session.clipPath ?? '')).toBe(true);
      // The pose is stored once, as BLOBs: a local analysis writes no archive ZIP (main/library/ingest.ts).
      expect(d?.analysis?.archivePath).toBeNull();
    } finally {
      db.close();
    }
  });
});

describe('swing-studio failures: one stderr line, non-zero exit, library unchanged', () => {
  const cases: [string, () => string[], RegExp][] = [
    ['missing file', () => ['analyze', join(home, 'nope.mp4')], /video file not found: .*nope\.mp4/],
    ['bad extension', () => ['analyze', join(home, 'clip.txt')], /unsupported video extension "\.txt"/],
    ['unknown sport', () => ['analyze', CLIP, '--sport', 'golf'], /--sport.*golf.*pickleball, tennis, none/],
    ['remote without key', () => ['analyze', CLIP, '--backend', 'remote', '--base-url', 'http://127.0.0.1:9', '--technique-url', 'http://127.0.0.1:9'], /needs an API key/],
    ['unknown session', () => ['library', 'show', '999'], /no session with id 999/],
    ['delete unknown session', () => ['library', 'delete', '999'], /no session with id 999/],
    ['unknown player filter', () => ['library', 'list', '--player', 'Nobody'], /no player named "Nobody"/],
    ['capture rate of an unknown session', () => ['library', 'set-capture-fps', '999', '240'], /no session with id 999/],
    ['capture rate zero', () => ['library', 'set-capture-fps', String(sessionId), '0'], /capture frame rate must be > 0 and at most 100000 frames\/s \(got 0\), or "none" for real time/],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      writeFileSync(join(home, 'clip.txt'), 'not a video');
      const before = librarySnapshot();
      const run = await runCliCapture(args(), env);
      expect(run.code).not.toBe(0);
      const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
      expect(run.stdout).toBe('');
      expect(librarySnapshot()).toEqual(before);
    });
  }
});

describe('swing-studio library', () => {
  it('lists sessions as a table and as JSON, with filters', async () => {
    const text = await runCliCapture(['library', 'list'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`│\\s+${sessionId} │ Ann Example .*│ tennis .*│ forehand_drive .*│ Balance test`));
    const json = await runCliCapture(['library', 'list', '--json', '--player', 'Ann Example', '--sport', 'tennis'], env);
    const rows = JSON.parse(json.stdout) as { id: number; playerName: string; overallScore: number }[];
    expect(rows.map((r) => [r.id, r.playerName])).toEqual([[sessionId, 'Ann Example']]);
    expect(rows[0]?.overallScore).toBeCloseTo(analyzeJson.overallScore ?? -1, 6);
    const none = await runCliCapture(['library', 'list', '--json', '--sport', 'pickleball'], env);
    expect(JSON.parse(none.stdout)).toEqual([]);
  });

  it('shows a session as a feature table and as JSON', async () => {
    const text = await runCliCapture(['library', 'show', String(sessionId)], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Session ${sessionId}: Ann Example, tennis forehand_drive`);
    expect(text.stdout).toMatch(/Feature\s+│\s+Value │ Score │ Level/);
    expect(text.stdout).toContain('Speeds: real time\n');
    expect(text.stdout).toContain(`Session id: ${sessionId}`);
    const json = await runCliCapture(['library', 'show', String(sessionId), '--json'], env);
    const shown = JSON.parse(json.stdout) as typeof analyzeJson & { jobId?: number };
    const { jobId: _jobId, ...stored } = analyzeJson as typeof analyzeJson & { jobId?: number };
    expect(shown).toEqual(stored); // show --json is analyze --json without the job id
  });

  it('checks a file on the local backend (read where it lies, no upload)', async () => {
    const run = await runCliCapture(['check', CLIP, '--json'], env);
    const rows = JSON.parse(run.stdout) as { input: string; ok: boolean; result?: { fps_check: boolean; resolution_check: boolean; video_ok: boolean } }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]?.input).toBe(CLIP);
    expect(rows[0]?.result?.fps_check).toBe(true);
    expect(rows[0]?.result?.resolution_check).toBe(true);
    expect(run.code).toBe(rows[0]?.ok ? 0 : 1);
  });

  it('sets the capture frame rate, recomputing the analysis from the stored pose, and back to real time', async () => {
    const run = await runCliCapture(['library', 'set-capture-fps', String(sessionId), '240'], env);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(new RegExp(`^session ${sessionId}: capture 240 fps; analysis recomputed, contact at frame \\d+, overall \\d+\\n$`));
    const rate = () => {
      const db = openLibrary(home);
      try {
        const d = getSessionDetail(db, sessionId);
        return [d?.session.captureFps, d?.analysis?.captureFps];
      } finally {
        db.close();
      }
    };
    expect(rate()).toEqual([240, 240]);
    const shown = await runCliCapture(['library', 'show', String(sessionId)], env);
    expect(shown.stdout).toContain('Speeds: capture 240 fps (4.0× slow motion), in real time\n');
    const json = JSON.parse((await runCliCapture(['library', 'show', String(sessionId), '--json'], env)).stdout) as { captureFps: number; analysisCaptureFps: number };
    expect([json.captureFps, json.analysisCaptureFps]).toEqual([240, 240]);
    const back = await runCliCapture(['library', 'set-capture-fps', String(sessionId), 'none'], env);
    expect(back.stdout).toMatch(/: real time; analysis recomputed/);
    expect(rate()).toEqual([null, null]);
  });

  it('deletes a session with its files', async () => {
    const run = await runCliCapture(['library', 'delete', String(sessionId)], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`deleted session ${sessionId}\n`);
    expect(librarySnapshot().sessions).toEqual([]);
    expect(librarySnapshot().files).toEqual([]);
  });
});

describe('swing-studio tennis', () => {
  let server: FaultServer;
  beforeAll(async () => {
    server = await startFaultServer();
  });
  afterAll(() => server.close());

  it('runs a task on the remote backend and stores the raw result', async () => {
    const run = await runCliCapture(['tennis', CLIP, '--backend', 'remote', '--base-url', server.url, '--technique-url', server.url, '--json'], {
      ...env,
      SWING_STUDIO_API_KEY: server.apiKey,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const raw = JSON.parse(run.stdout) as { task_id: string };
    expect(raw).toEqual(JSON.parse(server.resultText(raw.task_id)));
    expect(server.uploads).toHaveLength(1);
  });
});

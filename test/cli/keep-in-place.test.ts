/**
 * `swing-studio analyze --keep-in-place` (issue 29 item 4): the session links the video where it
 * is (path and content hash) and nothing is copied into the library's clips folder. The contract
 * fault server is the remote backend (fast synthetic analysis); the shared clip is copied to a
 * temp folder at test time.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openLibrary } from '../../main/library/db.js';
import { getSession } from '../../main/library/sessions.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';
import { runCliCapture } from './run-cli.js';

let home: string;
let server: FaultServer;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'ss-cli-keep-'));
  server = await startFaultServer();
});

afterAll(async () => {
  await server?.close();
  rmSync(home, { recursive: true, force: true });
});

it('links the video instead of copying it', async () => {
  const video = join(home, 'practice.mp4');
  copyFileSync(mediaPath('tennis_forehand_1.mp4'), video);
  const run = await runCliCapture(['analyze', video, '--keep-in-place', '--backend', 'remote', '--base-url', server.url, '--technique-url', server.url, '--json'], {
    SWING_STUDIO_HOME: home,
    SWING_STUDIO_API_KEY: server.apiKey,
    SWING_STUDIO_PROGRESS: undefined,
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  const { id, clip } = JSON.parse(run.stdout) as { id: number; clip: unknown };
  expect(clip).toEqual({ storage: 'linked', path: video });
  const db = openLibrary(home);
  try {
    expect(getSession(db, id)).toMatchObject({ clipStorage: 'linked', clipPath: video });
  } finally {
    db.close();
  }
  const clips = join(home, 'library', 'clips');
  expect(existsSync(clips) ? readdirSync(clips).filter((f) => f.endsWith('.mp4')) : []).toEqual([]);
});

/**
 * `swing-studio analyze --player-at X,Y[@SECONDS]` and the summary line naming the analysed
 * person: a bad point is one stderr line before anything runs; a good one reaches the request
 * metadata as `player_point` (local engine only); the summary's `Analysed:` line is the box the
 * stored 2D pose has on the contact frame (main/library/analysed-player.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { featureTable } from '../../main/cli/tables.js';
import { requestMetadata } from '../../main/jobs/analysis-job.js';
import { analysedPlayerBox } from '../../main/library/analysed-player.js';
import { getSessionSummaryDetail } from '../../main/library/detail.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { fakeClip, ingestInput, openCreatedLibrary, tempHome } from '../library/helpers.js';
import { runCliCapture } from './run-cli.js';

const t = tempHome();
const db = openCreatedLibrary(t.home);
const home = mkdtempSync(join(tmpdir(), 'ss-player-at-'));
afterAll(() => {
  db.close();
  t.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe('--player-at', () => {
  for (const bad of ['612', '612,388@', 'a,b', '612;388']) {
    it(`refuses ${JSON.stringify(bad)} in one line, exit code 2`, async () => {
      const run = await runCliCapture(['analyze', fakeClip(home, 'c.mp4'), '--player-at', bad], { SWING_STUDIO_HOME: home, SWING_STUDIO_API_KEY: undefined });
      expect(run.code).toBe(2);
      const lines = run.stderr.split('\n').filter((l) => l.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/--player-at.*expected X,Y or X,Y@SECONDS in pixels of the video frame, e\.g\. 612,388@2\.4/);
      expect(run.stdout).toBe('');
    });
  }

  it('is refused with a remote backend in one line (the remote service would analyse its own choice)', async () => {
    const run = await runCliCapture(['analyze', fakeClip(home, 'd.mp4'), '--player-at', '612,388', '--backend', 'remote', '--base-url', 'http://127.0.0.1:9', '--technique-url', 'http://127.0.0.1:9'], { SWING_STUDIO_HOME: home, SWING_STUDIO_API_KEY: 'k' });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('swing-studio: --player-at needs the local engine: a remote service does not know which person to analyse\n');
    expect(run.stdout).toBe('');
  });

  it('becomes player_point for the local engine, and is left out for a remote service', () => {
    const input = { videoPath: '/x/c.mp4', player: { name: 'P', dominantHand: 'right' as const, heightMm: 1750 }, sport: 'tennis' as const, swingType: 'forehand_drive' as const, playerPoint: { x: 612, y: 388, t: 2.4 } };
    expect(requestMetadata({ ...input, backend: 'local' }).player_point).toEqual({ x: 612, y: 388, t: 2.4 });
    expect(requestMetadata({ ...input, backend: 'remote' })).not.toHaveProperty('player_point');
  });
});

describe('the summary names the analysed person', () => {
  it("is the stored 2D pose's box on the contact frame", () => {
    const id = ingestAnalysis(db, ingestInput({ uid: 'player-box', clip: fakeClip(t.home, 'a.mp4'), frames: 90 }));
    const d = getSessionSummaryDetail(db, id)!;
    expect(d.contact).not.toBeNull();
    const f = d.contact!.frameNr;
    const box = analysedPlayerBox(db, d.analysis!.id, f);
    expect(box).not.toBeNull();
    expect(box!.frameNr).toBe(f);
    const text = featureTable(d, box);
    const r = Math.round;
    expect(text).toContain(`Analysed: the person at ${r(box!.x + box!.w / 2)},${r(box!.y + box!.h / 2)} px (box ${r(box!.x)}-${r(box!.x + box!.w)} × ${r(box!.y)}-${r(box!.y + box!.h)}) at ${box!.t.toFixed(2)} s`);
    expect(featureTable(d)).not.toContain('Analysed:');
  });
});

/**
 * One rule for a job's input (issue 13, building blocks): the CLI's validation
 * (main/jobs/validate.ts) and the app's IPC contract (preload/contract.ts) accept the same
 * player heights, and the job states come from one list.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { AnalysisJobInputSchema } from '../../preload/contract.js';
import { checkAnalysisInput } from '../../main/jobs/validate.js';
import { FINAL_STATES } from '../../main/jobs/types.js';
import { FINAL_JOB_STATES } from '../../main/library/jobs.js';
import { MAX_PLAYER_HEIGHT_MM, MIN_PLAYER_HEIGHT_MM } from '../../main/contract/player-height.js';

const dir = mkdtempSync(join(tmpdir(), 'job-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const clip = join(dir, 'clip.mp4');
writeFileSync(clip, 'x');

it('the CLI and the app accept exactly the same player heights', () => {
  const heights = [100, 1, MIN_PLAYER_HEIGHT_MM - 1, MIN_PLAYER_HEIGHT_MM, 1850, MAX_PLAYER_HEIGHT_MM, MAX_PLAYER_HEIGHT_MM + 1, Number.NaN];
  const input = (heightMm: number) => ({
    videoPath: clip,
    player: { name: 'Ana', dominantHand: 'right' as const, heightMm },
    sport: 'tennis' as const,
    swingType: 'forehand_drive' as const,
    backend: 'local' as const,
  });
  const cli = heights.map((h) => {
    try {
      checkAnalysisInput(input(h));
      return true;
    } catch {
      return false;
    }
  });
  const app = heights.map((h) => AnalysisJobInputSchema.safeParse(input(h)).success);
  expect(cli).toEqual(app);
  expect(cli).toEqual([false, false, false, true, true, true, false, false]);
});

it('job states have one list of final states', () => {
  expect([...FINAL_STATES]).toEqual([...FINAL_JOB_STATES]);
});

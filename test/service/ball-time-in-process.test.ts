/**
 * `ball_timestamp` past the end of the clip on the in-process path (the direct backend: CLI and
 * app jobs), which has no `/process` route to refuse it before the work (issue 25 finding 7):
 * the pipeline answers one line naming the field and the clip's length, not the analysis' "too
 * little pose". Real engine on a 1 s cut of tennis_forehand_2.mp4 made at test time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { techniquePipeline } from '../../main/pipeline/technique-pipeline.js';
import { cutRealClip } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const dir = mkdtempSync(join(tmpdir(), 'ss-ball-time-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses a ball time past the clip with one line naming ball_timestamp', async () => {
  const clip = join(dir, 'cut.mp4');
  cutRealClip(mediaPath('tennis_forehand_2.mp4'), 3.5, 1, clip);
  const meta = {
    uid: 'ball-late',
    sport: 'tennis',
    swing_type: 'forehand_drive',
    player_height_mm: 1800,
    dominant_hand: 'right',
    ball_timestamp: 30,
  } as const;
  const outcome = await techniquePipeline.analyseTechnique(clip, meta, {
    signal: new AbortController().signal,
  });
  expect(outcome.kind).toBe('no-analysis');
  const message = outcome.kind === 'no-analysis' ? outcome.message : '';
  expect(message).toMatch(
    /^ball_timestamp: ball contact time must lie inside the clip, 0 to 1(\.\d+)? s \(got 30\)$/,
  );
}, 300_000);

/**
 * The pose of a `/process` done answer from a remote service is checked before the app keeps
 * it (issue 25 findings 4 and 5), by the same rules as an archive's: more frames than a clip
 * can have, 5-joint poses, values that do not fit a 32-bit float, 60 2D frames against 3 3D
 * frames, frame numbers outside the clip. Each is a contract error naming the entry and the
 * cause, over real HTTP from the fault server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessOptions } from '../../main/api/process-video.js';
import { MAX_DECODE_FRAMES } from '../../main/contract/clip-limits.js';
import { doneLine, poseEntryJson } from '../support/fault-fixtures.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';
import { mediaPath } from '../support/media.js';
import { apiFailure, clientFor, metadata } from './helpers.js';

let s: FaultServer;
beforeAll(async () => {
  s = await startFaultServer();
});
afterAll(() => s.close());

type Entry = ReturnType<typeof poseEntryJson>;
type Done = Record<string, unknown> & { video_entry_2D_json: Entry; video_entry_3D_json: Entry };

/** Answers /process with the healthy done line changed by `edit`, and returns the client's error. */
async function refusal(edit: (d: Done) => void, opts: ProcessOptions = {}) {
  const done = doneLine('uid-pose') as Done;
  edit(done);
  s.plan('process', { type: 'ndjson', text: `${JSON.stringify(done)}\n` });
  return apiFailure(
    clientFor(s).processVideo(mediaPath('tennis_forehand_1.mp4'), metadata('uid-pose'), opts),
  );
}

const PREFIX = 'technique line 1 does not match the contract: ';

describe('the pose of a done answer', () => {
  it('more frames than a clip can have: refused (cap, then the clip the caller knows)', async () => {
    const long = await refusal((d) => {
      d.video_entry_2D_json = {
        ...poseEntryJson(2, 0),
        annotation_data: Array.from({ length: MAX_DECODE_FRAMES + 1 }, (_, f) => ({
          frame_nr: f,
          timestamp: f / 30,
          instances: [],
        })),
      };
    });
    expect([long.kind, long.code]).toEqual(['contract', 'technique-invalid-line']);
    expect(long.message).toBe(
      `${PREFIX}video_entry_2D_json.annotation_data: ${MAX_DECODE_FRAMES + 1} pose frames, more than the clip can have (Swing Studio decodes at most ${MAX_DECODE_FRAMES} frames from one clip)`,
    );
    const clip = await refusal(() => undefined, { pose: { clipFrames: 20 } });
    expect(clip.message).toBe(
      `${PREFIX}video_entry_2D_json: 30 pose frames, more than the clip can have (the clip has 20 frames)`,
    );
  });

  it('5-joint poses: refused', async () => {
    const err = await refusal((d) => {
      for (const fr of d.video_entry_3D_json.annotation_data)
        for (const inst of fr.instances) inst.keypoints = inst.keypoints.slice(0, 5);
    });
    expect(err.message).toBe(`${PREFIX}video_entry_3D_json: 5 joints per frame; pose tracks must be H36M-17`);
  });

  it('a value beyond the 32-bit float range (Infinity once stored): refused', async () => {
    const err = await refusal((d) => {
      d.video_entry_2D_json.annotation_data[4]!.instances[0]!.keypoints[2] = [1e39, 10];
    });
    expect(err.message).toBe(
      `${PREFIX}video_entry_2D_json: frame 4 joint 2: keypoint value Infinity is not a finite 32-bit number`,
    );
  });

  it('60 2D frames against 3 3D frames: refused', async () => {
    const err = await refusal((d) => {
      d.video_entry_2D_json = poseEntryJson(2, 60);
      d.video_entry_3D_json = poseEntryJson(3, 3);
    });
    expect(err.message).toBe(`${PREFIX}the 2D pose has 60 frames but the 3D pose has 3`);
  });

  for (const nr of [-5, 999_995]) {
    it(`frame number ${nr}: refused`, async () => {
      const err = await refusal((d) => {
        d.video_entry_2D_json.annotation_data[7]!.frame_nr = nr;
      });
      expect(err.message).toBe(
        `${PREFIX}video_entry_2D_json: frame number ${nr} is outside the clip (0 to ${MAX_DECODE_FRAMES - 1}; Swing Studio decodes at most ${MAX_DECODE_FRAMES} frames from one clip)`,
      );
    });
  }

  it('a healthy done answer still passes, with the clip frame count given', async () => {
    s.plan('process', { type: 'ndjson', text: `${JSON.stringify(doneLine('uid-pose'))}\n` });
    const done = await clientFor(s).processVideo(mediaPath('tennis_forehand_1.mp4'), metadata('uid-pose'), {
      pose: { clipFrames: 30 },
    });
    expect(done.video_entry_3D_json.annotation_data).toHaveLength(30);
  });
});

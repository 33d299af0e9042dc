/**
 * Pose data of an archive is checked before it is kept (issue 25 findings 4 and 5): a pose
 * entry of 3 million empty frames is refused by its frame count before it is decoded, with
 * bounded memory (measured in a child process); 5-joint poses, NaN and Infinity, 60 2D frames
 * against 3 3D frames and frame numbers outside the clip are refused with one line each, from
 * the protobuf entries and from the JSON fallback; a real analysis' archive still round-trips.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, describe, expect, it } from 'vitest';
import { ArchiveError } from '../../main/archive/errors.js';
import { MAX_DECODE_FRAMES } from '../../main/contract/clip-limits.js';
import { decodePoseEntry } from '../../main/archive/pose-decode.js';
import { encodePoseEntry } from '../../main/archive/pose-encode.js';
import { readArchive } from '../../main/archive/read.js';
import { buildArchive } from '../../main/archive/write.js';
import {
  createPoseTrack,
  poseTrackFromJson,
  poseTrackToJson,
  type PoseTrack,
} from '../../main/pose/pose-track.js';
import { analysedClip } from '../support/analysed-clip.js';
import { syntheticPoseTrack } from '../support/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'pose-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FRAMES_3M = 3_000_000;

/** A VideoEntry of `frames` empty frames: field 4, length 0 (`22 00`) each, 2 bytes a frame. */
function emptyFramesPb(frames: number): Buffer {
  return Buffer.alloc(frames * 2, Buffer.from([0x22, 0x00]));
}

/** An archive ZIP (deflated) with the given pose entries and a small analysis. */
function archiveOf(pb2: Buffer, pb3: Buffer, analysis: object = { status: 'done', uid: 'x' }): Buffer {
  const zip = new AdmZip();
  zip.addFile('video_entry_2d.pb', pb2);
  zip.addFile('video_entry_3d.pb', pb3);
  zip.addFile('technique_analysis.json', Buffer.from(JSON.stringify(analysis)));
  return zip.toBuffer();
}

/** Our writer's archive of the two tracks. */
function written(pose2d: PoseTrack, pose3d: PoseTrack): Buffer {
  return buildArchive({ pose2d, pose3d, analysis: { status: 'done', uid: 'p' } });
}

function archiveError(fn: () => unknown): ArchiveError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ArchiveError) return err;
    throw err;
  }
  throw new Error('expected an ArchiveError, nothing was thrown');
}

const pair = (frames = 60) => ({
  pose2d: syntheticPoseTrack(2, { frames, seed: 5, absent: [0] }),
  pose3d: syntheticPoseTrack(3, { frames, seed: 5, absent: [0] }),
});

describe('a pose entry of 3 million empty frames (finding 4)', () => {
  const zip = archiveOf(emptyFramesPb(FRAMES_3M), emptyFramesPb(FRAMES_3M));

  it('is refused by its frame count with one line', () => {
    expect(zip.length).toBeLessThan(600_000);
    const err = archiveError(() => readArchive(zip));
    expect(err.code).toBe('corrupt-entry');
    expect(err.message).toBe(
      `video_entry_2d.pb: 3000000 pose frames, more than the clip can have (Swing Studio decodes at most ${MAX_DECODE_FRAMES} frames from one clip)`,
    );
    expect(err.message).not.toContain('\n');
  });

  it('is refused with bounded memory (peak resident set growth in a child process under 200 MiB)', () => {
    const path = join(dir, 'bomb.zip');
    writeFileSync(path, zip);
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'pose-bomb-child.ts'), path],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const r = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      error: string | null;
      rssBefore: number;
      maxRss: number;
      heapBefore: number;
      heapAfter: number;
    };
    // Measured: 24 MB of growth (before: 1.2 GB, and the track was returned, not refused).
    expect(r.maxRss - r.rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(r.heapAfter - r.heapBefore).toBeLessThan(100 * 1024 * 1024);
    expect(r.error).toMatch(/3000000 pose frames, more than the clip can have/);
  });

  it("is refused above the clip's own frame count when the caller knows it", () => {
    const { pose2d, pose3d } = pair(61);
    const zipped = written(pose2d, pose3d);
    expect(readArchive(zipped, undefined, { clipFrames: 60 }).pose2d.frames).toBe(61); // within a frame or two of the probe
    const err = archiveError(() => readArchive(zipped, undefined, { clipFrames: 50 }));
    expect(err.message).toBe(
      'video_entry_2d.pb: 61 pose frames, more than the clip can have (the clip has 50 frames)',
    );
    const alone = archiveError(() =>
      decodePoseEntry(encodePoseEntry(pose2d), 'video_entry_2d.pb', 2, { clipFrames: 50 }),
    );
    expect(alone.message).toBe(err.message);
  });
});

describe('pose tracks that are not a clip of H36M-17 (finding 5)', () => {
  it('5-joint poses are refused', () => {
    const p2 = createPoseTrack(60, 2, 5);
    const p3 = createPoseTrack(60, 3, 5);
    for (const t of [p2, p3]) {
      t.present.fill(1);
      t.keypoints.fill(1);
      t.confidences.fill(0.9);
    }
    const err = archiveError(() => readArchive(written(p2, p3)));
    expect(err.message).toBe('video_entry_2d.pb: 5 joints per frame; pose tracks must be H36M-17');
  });

  for (const bad of [NaN, Infinity, -Infinity]) {
    it(`a keypoint ${bad} in a frame where the player is present is refused`, () => {
      const { pose2d, pose3d } = pair();
      pose3d.keypoints[(7 * 17 + 4) * 3 + 1] = bad;
      const err = archiveError(() => readArchive(written(pose2d, pose3d)));
      expect(err.message).toBe(
        `video_entry_3d.pb: frame 7 joint 4: keypoint value ${bad} is not a finite 32-bit number`,
      );
    });
  }

  it('a confidence NaN is refused', () => {
    const { pose2d, pose3d } = pair();
    pose2d.confidences[3 * 17 + 16] = NaN;
    expect(archiveError(() => readArchive(written(pose2d, pose3d))).message).toBe(
      'video_entry_2d.pb: frame 3 joint 16: confidence NaN is not a finite number',
    );
  });

  it('60 2D frames against 3 3D frames are refused', () => {
    const pose2d = syntheticPoseTrack(2, { frames: 60, seed: 2 });
    const pose3d = syntheticPoseTrack(3, { frames: 3, seed: 2 });
    const err = archiveError(() => readArchive(written(pose2d, pose3d)));
    expect(err.message).toBe(
      'video_entry_2d.pb and video_entry_3d.pb: the 2D pose has 60 frames but the 3D pose has 3',
    );
  });

  for (const nr of [-5, 999_995]) {
    it(`frame number ${nr} is refused`, () => {
      const { pose2d, pose3d } = pair();
      pose2d.frameNr[10] = nr;
      pose3d.frameNr[10] = nr;
      const err = archiveError(() => readArchive(written(pose2d, pose3d)));
      expect(err.message).toBe(
        `video_entry_2d.pb: frame number ${nr} is outside the clip (0 to ${MAX_DECODE_FRAMES - 1}; Swing Studio decodes at most ${MAX_DECODE_FRAMES} frames from one clip)`,
      );
    });
  }

  it("a frame number past the clip's own frames is refused when the caller knows them", () => {
    const { pose2d, pose3d } = pair();
    pose2d.frameNr[59] = 70;
    pose3d.frameNr[59] = 70;
    expect(readArchive(written(pose2d, pose3d)).pose2d.frameNr[59]).toBe(70);
    const err = archiveError(() => readArchive(written(pose2d, pose3d), undefined, { clipFrames: 60 }));
    expect(err.message).toBe(
      'video_entry_2d.pb: frame number 70 is outside the clip (0 to 61; the clip has 60 frames)',
    );
  });

  it('the JSON fallback (no .pb entries) is checked by the same rules', () => {
    const { pose2d, pose3d } = pair();
    const five = poseTrackToJson(pose2d);
    for (const fr of five.annotation_data)
      for (const inst of fr.instances) inst.keypoints = inst.keypoints.slice(0, 5);
    const zipOf = (p2: object, p3: object) => {
      const zip = new AdmZip();
      zip.addFile(
        'technique_analysis.json',
        Buffer.from(
          JSON.stringify({ status: 'done', uid: 'j', video_entry_2D_json: p2, video_entry_3D_json: p3 }),
        ),
      );
      return zip.toBuffer();
    };
    const j3 = poseTrackToJson(pose3d);
    expect(archiveError(() => readArchive(zipOf(five, j3))).message).toBe(
      'technique_analysis.json#video_entry_2D_json: 5 joints per frame; pose tracks must be H36M-17',
    );
    const short = { ...j3, annotation_data: j3.annotation_data.slice(0, 3) };
    expect(archiveError(() => readArchive(zipOf(poseTrackToJson(pose2d), short))).message).toBe(
      'technique_analysis.json#video_entry_2D_json and technique_analysis.json#video_entry_3D_json: the 2D pose has 60 frames but the 3D pose has 3',
    );
    const far = poseTrackToJson(pose2d);
    far.annotation_data[4]!.frame_nr = 999_995;
    expect(archiveError(() => readArchive(zipOf(far, j3))).message).toMatch(
      /^technique_analysis.json#video_entry_2D_json: frame number 999995 is outside the clip/,
    );
    const huge = poseTrackToJson(pose2d);
    huge.annotation_data[2]!.instances[0]!.keypoints[0] = [1e300, 5];
    expect(archiveError(() => readArchive(zipOf(huge, j3))).message).toBe(
      'technique_analysis.json#video_entry_2D_json: frame 2 joint 0: keypoint value Infinity is not a finite 32-bit number',
    );
  });
});

describe("a real analysis' archive made by our own writer", () => {
  it('reads back whole under its clip frame count', async () => {
    const { done } = await analysedClip();
    const pose2d = poseTrackFromJson(done.video_entry_2D_json);
    const pose3d = poseTrackFromJson(done.video_entry_3D_json);
    const back = readArchive(buildArchive({ pose2d, pose3d, analysis: done }), undefined, {
      clipFrames: pose2d.frames,
    });
    expect([back.pose2d.joints, back.pose2d.frames, back.pose3d.frames]).toEqual([
      17,
      pose2d.frames,
      pose3d.frames,
    ]);
    expect(Array.from(back.pose2d.keypoints)).toEqual(Array.from(pose2d.keypoints));
    expect(Array.from(back.pose3d.keypoints)).toEqual(Array.from(pose3d.keypoints));
    expect(Array.from(back.pose2d.frameNr)).toEqual(Array.from(pose2d.frameNr));
  });
});

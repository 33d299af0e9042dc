/**
 * The shipped FFmpeg does all the media work on a machine with no ffmpeg: probe, decode, key
 * frame, overlay export and the refusal of a playlist posing as a clip (the hand-over import's
 * media check uses the same probe), in a child process whose PATH holds only `node`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testFfmpeg, testFfprobe } from '../support/ffmpeg-cli.js';
import { mediaPath } from '../support/media.js';

const work = mkdtempSync(join(tmpdir(), 'swing-shipped-ffmpeg-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface ChildReport {
  systemFfmpeg: string;
  version: string;
  info: { width: number; height: number; fps: number; frameCount: number };
  frames: number;
  firstSum: number;
  png: [number, number];
  overlay: { width: number; height: number; fps: number; frameCount: number; codec: string };
  playlistProbe: string;
  playlistDecode: string;
  playlistFrame: string;
  playlistOverlay: string;
}

/** Runs shipped-ffmpeg-child.ts with PATH holding only `node`, plus `extra` in its environment. */
function runChild(dir: string, clip: string, extra: NodeJS.ProcessEnv): ChildReport {
  const bin = join(dir, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  symlinkSync(process.execPath, join(bin, 'node'));
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin };
  delete env.FFMPEG_PATH;
  delete env.FFPROBE_PATH;
  Object.assign(env, extra);
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'shipped-ffmpeg-child.ts'), dir, clip], {
    env,
    encoding: 'utf8',
    cwd: process.cwd(),
  });
  return JSON.parse(out.trim().split('\n').pop()!) as ChildReport;
}

describe('the shipped FFmpeg with no ffmpeg on PATH', () => {
  const clip = mediaPath('balance_portrait_60fps_1.mp4');
  const report = runChild(work, clip, {});

  it('finds no system ffmpeg and uses FFmpeg ≥ 6.1', () => {
    expect(report.systemFfmpeg).toBe('');
    const [major, minor] = report.version.split(/[.-]/).map(Number);
    expect(major! * 100 + minor!).toBeGreaterThanOrEqual(601);
  });

  it('probes and decodes every frame upright (portrait 1080×1920, 60 fps, 100 frames)', () => {
    expect(report.info).toMatchObject({ width: 1080, height: 1920, frameCount: 100 });
    expect(report.info.fps).toBeCloseTo(60, 3);
    expect(report.frames).toBe(100);
    expect(report.firstSum).toBeGreaterThan(0);
  });

  it('extracts a key frame at the displayed size', () => {
    expect(report.png).toEqual([1080, 1920]);
  });

  it('writes the overlay MP4 with the source frames, size and rate (checked by the system ffprobe too)', () => {
    expect(report.overlay).toMatchObject({ width: 1080, height: 1920, frameCount: 100, codec: 'h264' });
    expect(report.overlay.fps).toBeCloseTo(60, 1);
    const counted = execFileSync(
      testFfprobe(),
      [
        '-v',
        'error',
        '-count_frames',
        '-show_entries',
        'stream=nb_read_frames',
        '-of',
        'csv=p=0',
        join(work, 'overlay.mp4'),
      ],
      { encoding: 'utf8' },
    );
    expect(parseInt(counted, 10)).toBe(100);
  });

  it('refuses an HLS playlist named swing.mp4 that points at a local video, in probe, decode, key frames and overlay', () => {
    for (const msg of [report.playlistProbe, report.playlistDecode, report.playlistFrame, report.playlistOverlay]) {
      expect(msg).not.toBe('accepted');
      expect(msg).toMatch(/could not extract meta-data from the video/);
    }
  });
});

describe('a system ffmpeg/ffprobe chosen with FFMPEG_PATH/FFPROBE_PATH (main/av/cli-input.ts)', () => {
  const dir = mkdtempSync(join(work, 'cli-'));
  const report = runChild(dir, mediaPath('balance_portrait_60fps_1.mp4'), { FFMPEG_PATH: testFfmpeg(), FFPROBE_PATH: testFfprobe() });

  it('still probes, decodes every frame and extracts a key frame of a real clip', () => {
    expect(report.info).toMatchObject({ width: 1080, height: 1920, frameCount: 100 });
    expect(report.frames).toBe(100);
    expect(report.png).toEqual([1080, 1920]);
    expect(report.overlay).toMatchObject({ width: 1080, height: 1920, frameCount: 100, codec: 'h264' });
  });

  it('refuses the same playlist in probe, decode, key frames and overlay: with a clear reason (format whitelist)', () => {
    const all = [report.playlistProbe, report.playlistDecode, report.playlistFrame, report.playlistOverlay];
    for (const msg of all) expect(msg).toMatch(/playlists, concat lists and image sequences are refused/);
    console.log(`CLI playlist attack: ${all.length} of ${all.length} media uses refused`);
  });
});

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
import { testFfprobe } from '../support/ffmpeg-cli.js';
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
}

describe('the shipped FFmpeg with no ffmpeg on PATH', () => {
  const bin = join(work, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  symlinkSync(process.execPath, join(bin, 'node'));
  const clip = mediaPath('balance_portrait_60fps_1.mp4');
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: bin };
  delete env.FFMPEG_PATH;
  delete env.FFPROBE_PATH;
  const report = JSON.parse(
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'shipped-ffmpeg-child.ts'), work, clip],
      { env, encoding: 'utf8', cwd: process.cwd() },
    )
      .trim()
      .split('\n')
      .pop()!,
  ) as ChildReport;

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

  it('refuses an HLS playlist named swing.mp4 that points at a local video, in probe, decode and key frames', () => {
    for (const msg of [report.playlistProbe, report.playlistDecode, report.playlistFrame]) {
      expect(msg).not.toBe('accepted');
      expect(msg).toMatch(/could not extract meta-data from the video/);
    }
  });
});

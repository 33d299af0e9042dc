/**
 * Whether the session page's <video> (Chromium: Electron's, and the system Chromium of the e2e)
 * can decode a clip, from the facts the shipped FFmpeg reads: container, video codec and pixel
 * format. An allow-list, so anything not known to play gets a playback proxy
 * (main/library/playback-proxy.ts). Sources of the list: Chromium's media/base/supported_types.cc
 * (H.264 in proprietary-codec builds, which Electron is; VP8, VP9, AV1; HEVC only with a platform
 * decoder, so not relied on), its FFmpeg build's demuxers (mov/mp4 and Matroska/WebM; AVI is not
 * built) and its software decoders (8-bit 4:2:0 for H.264). Each entry is checked by a real decode
 * in test/e2e/playback-proxy.e2e.test.ts.
 * Decided: the facts come from the clip's one probe (probe.ts VideoInfo carries container and
 * pixel format), so deciding playability never opens the clip again.
 */
import type { VideoInfo } from './probe.js';

/** A clip's playback facts: FFmpeg's demuxer name ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "avi"), codec and pixel format names. */
export interface PlaybackFacts {
  container: string;
  /** Video codec as ffprobe names it ("h264", "mpeg4", "hevc", "vp9"). */
  codec: string;
  /** Pixel format as ffprobe names it ("yuv420p"); "unknown" when the stream does not say. */
  pixelFormat: string;
}

/** Video codecs Chromium decodes in MP4/MOV, and in Matroska/WebM. */
const MP4_CODECS = new Set(['h264', 'vp9', 'av1']);
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1']);
/** Pixel formats every listed decoder takes (8-bit 4:2:0; yuvj420p is full-range 4:2:0 from phones). */
const PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);

/** The verdict: playable, or why not (one sentence for the job's warning). */
export type PlaybackVerdict = { playable: true } | { playable: false; reason: string };

/** Whether Chromium plays a clip with these facts (see the module comment for the list). */
export function chromiumPlayback(f: PlaybackFacts): PlaybackVerdict {
  const no = (reason: string): PlaybackVerdict => ({ playable: false, reason });
  const mp4 = f.container.split(',').includes('mp4');
  const webm = f.container.split(',').includes('webm');
  if (!mp4 && !webm) return no(`the ${f.container.split(',')[0]} container does not play in the app`);
  const codecs = mp4 ? MP4_CODECS : WEBM_CODECS;
  if (!codecs.has(f.codec)) return no(`${f.codec} video in ${mp4 ? 'MP4/MOV' : 'Matroska/WebM'} does not play in the app`);
  if (!PIXEL_FORMATS.has(f.pixelFormat)) return no(`${f.codec} video in ${f.pixelFormat} pixels does not play in the app`);
  return { playable: true };
}

/**
 * The {@link PlaybackFacts} of a probed clip; a fact the probe did not give (hand-made
 * VideoInfo) is "unknown", which no allow-list holds (so such a clip gets a proxy).
 */
export function playbackFacts(video: VideoInfo): PlaybackFacts {
  return { container: video.container ?? 'unknown', codec: video.codec, pixelFormat: video.pixelFormat ?? 'unknown' };
}

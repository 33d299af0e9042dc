/**
 * Playback proxies: a clip the app's Chromium cannot decode (main/av/chromium-playable.ts:
 * MPEG-4 Part 2 in AVI, HEVC in Matroska, 4:2:2 H.264, ...) gets an H.264 MP4 copy for the
 * session page's <video>; analysis, exports and reports keep reading the original.
 *
 * The decision and the copy's progress use the clip's one probe (`video`, main/av/README.md "One
 * probe"): given by the caller when it has probed, else probed here once.
 *
 * The copy is made by the overlay export's encoder (main/av/paint-encode.ts) with nothing
 * painted: one output frame per source frame with the source's timestamp, so the proxy has the
 * same frame count and frame times as the original and the stored pose (timed on the original)
 * maps onto it exactly (tested in test/library/playback-proxy.test.ts). No audio: the session
 * video is muted.
 */
import { join } from 'node:path';
import { chromiumPlayback, paintAndEncode, playbackFacts, probeVideo, type VideoInfo } from '../av/index.js';

/** x264 preset of proxies: "veryfast" (x264 docs: ~2× the speed of "medium" at a few % more bits; a review copy). */
export const PROXY_PRESET = 'veryfast';
/** x264 constant rate factor of proxies: 20, visually near-lossless for review (18 ≈ transparent, x264 docs). */
export const PROXY_CRF = 20;

/** Options of {@link makePlaybackProxy}. */
export interface ProxyOptions {
  signal?: AbortSignal;
  /** Share of the source's frames encoded so far, 0..1. */
  onProgress?: (share: number) => void;
  /** The clip's probe when the caller has it (the analysis's one probe); absent: probed here. */
  video?: VideoInfo;
}

/**
 * Writes the H.264 MP4 proxy of `clipPath` to `outPath` (in place: write into a staging folder).
 * @returns the number of frames written (the source's decoded frame count).
 * @throws VideoProbeError / VideoDecodeError when the clip cannot be read or the proxy written;
 *   the signal's reason when aborted.
 */
export async function makePlaybackProxy(clipPath: string, outPath: string, o: ProxyOptions = {}): Promise<number> {
  const info = o.video ?? (await probeVideo(clipPath, o.signal));
  const total = Math.max(1, info.frameCount);
  const frames = await paintAndEncode({
    clipPath,
    outPath,
    paint: () => undefined,
    preset: PROXY_PRESET,
    crf: PROXY_CRF,
    copyAudio: false,
    ...(o.signal ? { signal: o.signal } : {}),
    // The probe's count is an estimate for some containers (Matroska: duration × rate): 1 only at the end.
    onFrame: (n) => o.onProgress?.(Math.min(0.99, n / total)),
  });
  o.onProgress?.(1);
  return frames;
}

/** A proxy made for a clip, and why the clip needed one. */
export interface MadeProxy {
  path: string;
  reason: string;
}

/**
 * Decides whether the app can play `clipPath` and, when it cannot, makes its proxy as
 * `<stagingDir>/playback-proxy.mp4` (for ingestAnalysis's `playbackProxyPath`).
 * @returns the proxy, or null when the clip plays as it is.
 * @throws as {@link makePlaybackProxy}.
 */
export async function playbackProxyFor(clipPath: string, stagingDir: string, o: ProxyOptions = {}): Promise<MadeProxy | null> {
  const video = o.video ?? (await probeVideo(clipPath, o.signal));
  const verdict = chromiumPlayback(playbackFacts(video));
  if (verdict.playable) return null;
  const path = join(stagingDir, 'playback-proxy.mp4');
  await makePlaybackProxy(clipPath, path, { ...o, video });
  return { path, reason: verdict.reason };
}

/**
 * Opening a clip with the shipped FFmpeg, confined to what a video clip is: the input is read
 * only through the `file` protocol (local paths) or `http,https,tcp,tls` (URLs), and only the
 * MP4/QuickTime, Matroska/WebM and AVI demuxers may parse it. A playlist (HLS, DASH), a concat
 * list, an image sequence or any other format is refused before anything it names is opened,
 * so untrusted media never chooses what FFmpeg reads.
 */
import { resolve } from 'node:path';
import type { Demuxer } from 'node-av/api';
import type { Stream } from 'node-av/lib';
import { VideoProbeError } from './errors.js';
import { loadAv } from './runtime.js';

/** Demuxers a clip may use (FFmpeg short names): MP4/MOV family, Matroska/WebM, AVI. */
export const CLIP_DEMUXERS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi';
/** Protocols for a local path and for an http(s) URL. */
export const LOCAL_PROTOCOLS = 'file';
export const URL_PROTOCOLS = 'http,https,tcp,tls';

/** True for http(s) URLs. */
export function isUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/** An opened clip: the demuxer and its first video stream. Close the demuxer when done. */
export interface OpenedClip {
  demuxer: Demuxer;
  video: Stream;
}

/**
 * Opens `pathOrUrl` for reading. `timeoutMs` (URLs only) is the read/write timeout: a host that
 * stalls fails the read instead of holding it.
 * @throws VideoProbeError with FFmpeg's reason (refused format or protocol, missing file, no video stream);
 *   MediaRuntimeError when the FFmpeg libraries cannot load; the signal's reason when aborted.
 */
export async function openClip(
  pathOrUrl: string,
  opts: { signal?: AbortSignal; timeoutMs?: number; copyTs?: boolean } = {},
): Promise<OpenedClip> {
  const { api } = await loadAv();
  const url = isUrl(pathOrUrl);
  const options: Record<string, string> = {
    protocol_whitelist: url ? URL_PROTOCOLS : LOCAL_PROTOCOLS,
    format_whitelist: CLIP_DEMUXERS,
  };
  if (url && opts.timeoutMs) options.rw_timeout = String(opts.timeoutMs * 1000);
  // A local path is made absolute, so a name with a colon ("http:x.mp4") is never taken for a
  // protocol: FFmpeg reads "/…" (and "C:\…") with the file protocol.
  const input = url ? pathOrUrl : resolve(pathOrUrl);
  opts.signal?.throwIfAborted();
  let demuxer: Demuxer;
  try {
    // The signal is not handed to node-av: its own abort handling rejects promises nobody awaits
    // and can tear native state down under a running read (seen as a process abort). Callers stop
    // between packets instead; a URL read that stalls ends at rw_timeout.
    demuxer = await api.Demuxer.open(input, { options, copyTs: opts.copyTs ?? true });
  } catch (err) {
    opts.signal?.throwIfAborted();
    throw new VideoProbeError(reason(err));
  }
  if (opts.signal?.aborted) {
    await demuxer.close();
    opts.signal.throwIfAborted();
  }
  const video = demuxer.video();
  if (!video) {
    await demuxer.close();
    throw new VideoProbeError('no video stream');
  }
  return { demuxer, video };
}

/** FFmpeg's message without node-av's prefixes. */
export function reason(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return m.replace(/^Failed to open input:?\s*/i, '').trim() || 'unreadable input';
}

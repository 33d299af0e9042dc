/**
 * The one way a system ffmpeg/ffprobe (FFMPEG_PATH / FFPROBE_PATH, main/config/binaries.ts) is
 * pointed at a clip: the same confinement as the in-process open (open-input.ts). Every CLI input
 * of a clip goes through {@link cliClipInput}:
 *  - `-protocol_whitelist file` for local paths (made absolute, so "http:x.mp4" stays a file),
 *    `http,https,tcp,tls` plus `-rw_timeout` for URLs;
 *  - `-format_whitelist` with the MP4/MOV, Matroska/WebM and AVI demuxers (CLIP_DEMUXERS), so an
 *    HLS or DASH playlist, a concat list or an image sequence fails to open ("Format not on
 *    whitelist") before anything it names is read;
 *  - for decodes, `-t` just past the decode cap (decode-limits.ts), so an endless stream ends.
 * Checked with Debian's ffmpeg/ffprobe 5.1: a 139-byte HLS playlist named swing.mp4 gives
 * "Format not on whitelist" and exit code 1.
 */
import { resolve } from 'node:path';
import { CLIP_DEMUXERS, isUrl, LOCAL_PROTOCOLS, URL_PROTOCOLS } from './open-input.js';
import { MAX_DECODE_S } from '../contract/clip-limits.js';

/** Options of {@link cliClipInput}. */
export interface CliInputOptions {
  /** Read/write timeout for URLs, ms (ffmpeg `-rw_timeout` is in µs). */
  timeoutMs?: number;
  /**
   * Stop reading the input 1 s after MAX_DECODE_S (decodes; not for probes): one frame past the
   * cap still arrives, so capDecode reports the cut instead of a silently shorter clip.
   */
  capDuration?: boolean;
}

/**
 * Input options and `-i <clip>` for an ffmpeg/ffprobe command line; put them where the clip's
 * input goes (per-input options apply to the next `-i` only, so a later `-i pipe:0` is unaffected).
 * @param pathOrUrl a local path or an http(s) URL.
 * @returns argv entries, e.g. `['-protocol_whitelist','file','-format_whitelist','mov,…','-i','/abs/clip.mp4']`.
 */
export function cliClipInput(pathOrUrl: string, opts: CliInputOptions = {}): string[] {
  const url = isUrl(pathOrUrl);
  const args = ['-protocol_whitelist', url ? URL_PROTOCOLS : LOCAL_PROTOCOLS, '-format_whitelist', CLIP_DEMUXERS];
  if (url && opts.timeoutMs) args.push('-rw_timeout', String(Math.round(opts.timeoutMs * 1000)));
  if (opts.capDuration) args.push('-t', String(MAX_DECODE_S + 1));
  args.push('-i', url ? pathOrUrl : resolve(pathOrUrl));
  return args;
}

/** What a refused input says to the user (a playlist, concat list, image sequence or other non-clip). */
export const NOT_A_CLIP = 'not an MP4/MOV, Matroska/WebM or AVI video clip (playlists, concat lists and image sequences are refused)';

/**
 * The reason to show for a failed ffmpeg/ffprobe run, from its stderr: {@link NOT_A_CLIP} when the
 * format whitelist refused the input, else its last non-empty line (never the command line).
 */
export function cliFailureReason(stderr: string): string {
  if (/not on whitelist/i.test(stderr)) return NOT_A_CLIP;
  return stderr.trim().split('\n').filter(Boolean).slice(-2).join(' | ') || 'unreadable input';
}

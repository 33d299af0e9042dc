/**
 * Finding one frame of a long clip without decoding everything before it (issue 29): the clip's
 * frame table (each decodable frame's pts in presentation order, and the key frames), read by
 * demuxing alone, then a seek to the key frame at or before the wanted frame and a decode forward
 * to the frame whose pts is the wanted one. Frame `n` is the same frame the decode from the start
 * gives as its `n`-th (decode.ts counts frames in presentation order): the table counts the same
 * packets the decoder turns into frames (those flagged discard, e.g. before an edit list's start,
 * give none), and the pts are the container's own (a stream that starts at 0.1 s keeps 0.1 s;
 * variable frame rate needs nothing more, as nothing is computed from a frame rate).
 *
 * Decided: the table is read once per clip and kept for the process (a report asks for up to 9
 * frames of one clip): demuxing is ~20× cheaper than decoding (780 s 720p: 0.5 s against 33 s).
 * The demux loop is synchronous in slices of {@link SCAN_SLICE} packets with a turn of the event
 * loop between them (the async reader took twice as long), so the Electron main process never
 * blocks for long. Anything the table cannot say (a packet without a pts, a clip whose frames do
 * not come out where the table says) makes the caller decode from the start, as before.
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Frame } from 'node-av/lib';
import { isUrl, openClip } from './open-input.js';
import { loadAv } from './runtime.js';

/** Packets demuxed between two turns of the event loop while reading the table (~25 ms here). */
export const SCAN_SLICE = 1000;
/** Frame tables kept (most recently used clips). */
const TABLES_KEPT = 4;
/** Earlier key frames tried when the wanted frame does not come out after a seek (open GOP), before decoding from the start. */
const SEEK_ATTEMPTS = 3;

/** A clip's frames as the demuxer sees them, in the video stream's time base. */
export interface FrameTable {
  /** Presentation time of each decodable frame, ascending: entry n is frame n's pts. */
  pts: BigInt64Array;
  /** Key frames in decode order: their dts and pts (a seek goes to the pts: {@link seekPoints}). */
  keys: { dts: bigint; pts: bigint }[];
}

const NO_PTS = -9223372036854775808n;
const tables = new Map<string, Promise<FrameTable | null>>();

/** The table's cache key: the absolute path with the file's size and modification time (a replaced file is read again); a URL as given. */
async function tableKey(pathOrUrl: string): Promise<string> {
  if (isUrl(pathOrUrl)) return pathOrUrl;
  const abs = resolve(pathOrUrl);
  const s = await stat(abs);
  return `${abs}\0${s.size}\0${s.mtimeMs}`;
}

/** Reads the frame table by demuxing the video stream only (other streams discarded); null when a decodable packet has no pts. */
async function readFrameTable(pathOrUrl: string, signal?: AbortSignal): Promise<FrameTable | null> {
  const { constants } = await loadAv();
  const { demuxer, video } = await openClip(pathOrUrl, signal ? { signal } : {});
  try {
    for (const s of demuxer.streams) if (s.index !== video.index) s.discard = constants.AVDISCARD_ALL;
    const pts: bigint[] = [];
    const keys: { dts: bigint; pts: bigint }[] = [];
    let n = 0;
    for (const packet of demuxer.packetsSync(video.index)) {
      if (packet === null) break;
      const discard = (packet.flags & constants.AV_PKT_FLAG_DISCARD) !== 0;
      const p = packet.pts;
      if (packet.isKeyframe) keys.push({ dts: packet.dts === NO_PTS ? p : packet.dts, pts: p });
      packet.free();
      if (!discard) {
        if (p === NO_PTS) return null;
        pts.push(p);
      }
      if (++n % SCAN_SLICE === 0) {
        await nextTurn();
        signal?.throwIfAborted();
      }
    }
    return { pts: BigInt64Array.from(pts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))), keys };
  } finally {
    await demuxer.close();
  }
}

/**
 * The frame table of a clip (read once, kept for the {@link TABLES_KEPT} most recent clips), or
 * null when the demuxer does not give every frame a pts (the caller decodes from the start).
 * @throws VideoProbeError when the clip cannot be opened; fs errors from stat; the signal's reason.
 */
export async function frameTable(pathOrUrl: string, signal?: AbortSignal): Promise<FrameTable | null> {
  const key = await tableKey(pathOrUrl);
  let table = tables.get(key);
  const shared = table !== undefined;
  if (table) tables.delete(key);
  else table = readFrameTable(pathOrUrl, signal);
  tables.set(key, table);
  while (tables.size > TABLES_KEPT) tables.delete(tables.keys().next().value!);
  try {
    return await table;
  } catch (err) {
    if (tables.get(key) === table) tables.delete(key);
    signal?.throwIfAborted();
    // Another caller's read, stopped by that caller's signal: read it for this one.
    if (shared) return frameTable(pathOrUrl, signal);
    throw err;
  }
}

/**
 * The seek points to try for the frame at `pts`: the pts of the key frames whose pts is at or
 * before it, latest first, at most {@link SEEK_ATTEMPTS}.
 *
 * Decided: a backward seek to the key frame's pts, not its dts: the MP4 demuxer's seek index is
 * not the packets' dts when it shifts them (B-frames: a clip joined by stream copy reads dts
 * 1,024 ticks below the index), so a seek to the dts landed one GOP early (283 frames decoded
 * instead of 209 for 760 s of the clip measured in main/av/README.md). A seek that lands later than
 * the frame cannot pass as a result: the frame must come out with its exact pts.
 */
export function seekPoints(table: FrameTable, pts: bigint): bigint[] {
  const out: bigint[] = [];
  for (let i = table.keys.length - 1; i >= 0 && out.length < SEEK_ATTEMPTS; i--)
    if (table.keys[i]!.pts <= pts) out.push(table.keys[i]!.pts);
  return out;
}

/** A decoded frame's pts (the best-effort timestamp when the frame has none), in the stream's time base. */
export function framePts(frame: Frame): bigint {
  return frame.pts !== NO_PTS ? frame.pts : frame.bestEffortTimestamp;
}

/**
 * The final line of `/process` (`done`, or `error` with pose) serialised in pieces: its pose
 * entries frame by frame, every other top-level field with JSON.stringify. A clip's pose as JSON
 * is ~1.1-1.2 KB a frame for the two tracks (1,099 B on the real 3 s cut of
 * test/support/analysed-clip.ts, 1,180 B on the tests' synthetic pose), 356-383 MB at the decode
 * cap (648,000 frames since 2026-11-29, main/contract/clip-limits.ts; 324,000 when measured); built whole, as JSON objects and then one
 * string, it took 2,059 MiB of heap at the cap, written in pieces 15 MiB (main/service/README.md).
 *
 * Decided: the pieces joined are byte for byte `JSON.stringify(line)` of the same object (each
 * piece is JSON.stringify of a part, with the punctuation JSON.stringify puts between parts, and
 * PoseJsonEntry.toJSON gives the whole entry), so the wire format does not change and a plain
 * `JSON.stringify` of the object (tests, logs) still gives the same text. Our own serialiser for
 * this one shape rather than a library: it needs no parser, and byte identity with JSON.stringify
 * is then true by construction.
 */
import { poseEntryHead, poseFrameToJson, poseTrackToJson, type PoseTrack } from '../pose/pose-track.js';
import type { VideoEntryJson } from '../contract/pose-json.js';

/** A pose track standing for its API.md JSON pose entry (`video_entry_2D_json` / `video_entry_3D_json`), serialised only when written. */
export class PoseJsonEntry {
  constructor(readonly track: PoseTrack) {}

  /** The whole entry (main/pose/pose-track.ts poseTrackToJson): what JSON.stringify writes for it. */
  toJSON(): VideoEntryJson {
    return poseTrackToJson(this.track);
  }
}

/**
 * The JSON text of a top-level object in pieces, in order: the same text as `JSON.stringify(obj)`.
 * A PoseJsonEntry value gives one piece per frame; any other value is one piece (JSON.stringify
 * of it; fields whose value JSON.stringify leaves out (undefined, functions, symbols) are left
 * out the same way). Pieces are small; nothing of the size of the whole line is built.
 */
export function* jsonPieces(obj: object): Generator<string> {
  let first = true;
  yield '{';
  for (const key of Object.keys(obj)) {
    const value = (obj as Record<string, unknown>)[key];
    const head = `${first ? '' : ','}${JSON.stringify(key)}:`;
    if (value instanceof PoseJsonEntry) {
      first = false;
      yield head;
      yield* poseEntryPieces(value.track);
      continue;
    }
    const text = JSON.stringify(value);
    if (text === undefined) continue;
    first = false;
    yield head + text;
  }
  yield '}';
}

/** One pose entry: its head fields, then `annotation_data` frame by frame. */
function* poseEntryPieces(track: PoseTrack): Generator<string> {
  const head = JSON.stringify(poseEntryHead(track));
  yield `${head.slice(0, -1)},"annotation_data":[`;
  for (let f = 0; f < track.frames; f++) yield `${f === 0 ? '' : ','}${JSON.stringify(poseFrameToJson(track, f))}`;
  yield ']}';
}

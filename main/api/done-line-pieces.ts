/**
 * A technique line longer than the NDJSON reader's cap (main/api/ndjson.ts `maxLineBytes`), read
 * in pieces: the frames of `video_entry_2D_json.annotation_data` and `video_entry_3D_json.annotation_data`
 * are cut out of the byte stream one by one, each JSON.parse'd on its own and put straight into a
 * typed PoseTrack (./pose-track-builder.ts); the rest of the line (status, result, warnings, ball
 * candidates, the entries' other fields) is kept as text with those arrays left empty (`[]`) and
 * JSON.parse'd at the end. A 3 h clip's done line (324,000 frames at 30 fps, ~380 MB; twice that at 60 fps; more than one string
 * of V8 can decode for a longer or more precise service) then needs the typed tracks (~100 MB)
 * plus one frame and the rest, never the line or its JSON objects whole.
 *
 * Decided: our own scanner rather than a streaming JSON library: the split needs only the JSON
 * string/escape/nesting rules (every value is still parsed by JSON.parse), no package is added,
 * and the pose goes into the same typed arrays as poseTrackFromJson's. Its limits: the rest of
 * the line at most `maxRestBytes` (the reader's cap), one frame at most MAX_FRAME_BYTES.
 * Malformed JSON is found by JSON.parse of the rest or of a frame (`ndjson-invalid-json`), or as
 * unbalanced nesting.
 */
import type { PoseLimits } from '../contract/clip-limits.js';
import type { PoseTrack } from '../pose/pose-track.js';
import { ApiError } from './errors.js';
import { NdjsonError, type LongLineReader } from './ndjson.js';
import { PoseTrackBuilder } from './pose-track-builder.js';

/** The largest one pose frame may be, bytes (an H36M-17 frame is ~0.5-1 KB). */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** The pose tracks of a line read in pieces. */
export interface PiecesPose {
  pose2d?: PoseTrack;
  pose3d?: PoseTrack;
}

const POSE_KEYS: Record<string, 2 | 3> = { video_entry_2D_json: 2, video_entry_3D_json: 3 };
const piecesPose = new WeakMap<object, PiecesPose>();

/**
 * The typed pose of a line that was read in pieces, keyed by the object that carries it (the
 * reader's value, or the validated done object it was handed on to by {@link handPiecesPose});
 * undefined for a line read whole (its pose is in the JSON entries).
 */
export function piecesPoseOf(line: object): PiecesPose | undefined {
  return piecesPose.get(line);
}

/** Makes `to` (e.g. the schema-validated copy of a line) carry the typed pose of `from`, if it has one. */
export function handPiecesPose(from: object, to: object): void {
  const pose = piecesPose.get(from);
  if (pose) piecesPose.set(to, pose);
}

// Byte values of the JSON structure.
const QUOTE = 0x22, BACKSLASH = 0x5c, LBRACE = 0x7b, RBRACE = 0x7d, LBRACKET = 0x5b, RBRACKET = 0x5d, COMMA = 0x2c, COLON = 0x3a;
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
/** Where a byte goes: the rest of the line, the current frame, or nowhere (between frames). */
type Mode = 'rest' | 'frame' | 'between';

/**
 * Reads one technique line in pieces (see the module's comment). `write` takes the line's bytes
 * in order, `end` returns the parsed rest with the typed pose attached ({@link piecesPoseOf}).
 */
export class DoneLinePieces implements LongLineReader {
  private rest: Buffer[] = [];
  private restBytes = 0;
  private frame: Buffer[] = [];
  private frameBytes = 0;
  private mode: Mode = 'rest';
  /** 1 object, 2 array, per open container. */
  private stack: number[] = [];
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private key: number[] | undefined;
  /** Key last read in the top object (depth 1) and in the entry object (depth 2). */
  private keys: (string | undefined)[] = [];
  /** Dims of the pose entry object open at depth 2, if one is. */
  private entryDims: 2 | 3 | undefined;
  /** Depth of the open annotation_data array whose elements are frames, -1 when none. */
  private framesDepth = -1;
  private builder: PoseTrackBuilder | undefined;
  private builders = new Map<2 | 3, PoseTrackBuilder>();

  /**
   * @param lineNo 1-based line number, for messages.
   * @param maxRestBytes cap on the line without its pose frames, bytes.
   */
  constructor(
    private readonly lineNo: number,
    private readonly maxRestBytes: number,
    private readonly limits: PoseLimits = {},
  ) {}

  /**
   * Takes the next bytes of the line.
   * @throws NdjsonError `ndjson-line-too-long` past the caps, `ndjson-invalid-json` for a frame
   *   that is not JSON or unbalanced nesting; ApiError kind 'contract' (`technique-invalid-line`)
   *   for a pose frame that fails the contract or the pose checks.
   */
  write(bytes: Buffer): void {
    let start = 0;
    const to = (mode: Mode, i: number): void => {
      if (i > start) this.keep(bytes.subarray(start, i));
      this.mode = mode;
      start = i;
    };
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) {
          this.inString = false;
          if (this.key) this.endKey();
        }
        if (this.key && this.inString && this.key.length <= 64) this.key.push(b);
        continue;
      }
      if (this.mode === 'between') {
        if (isSpace(b) || b === COMMA) continue;
        if (b === RBRACKET) {
          to('rest', i);
          this.endFrames();
        } else to('frame', i);
        if (b === RBRACKET) {
          this.stack.pop();
          continue;
        }
      } else if (this.mode === 'frame' && this.stack.length === this.framesDepth && (b === COMMA || b === RBRACKET)) {
        to(b === COMMA ? 'between' : 'rest', i);
        this.endFrame();
        if (b === COMMA) continue;
        this.endFrames();
        this.stack.pop();
        continue;
      }
      this.structure(b);
      if (this.framesDepth === this.stack.length && this.mode === 'rest') to('between', i + 1);
    }
    if (bytes.length > start) this.keep(bytes.subarray(start));
  }

  /** Follows one structural byte outside strings. */
  private structure(b: number): void {
    const depth = this.stack.length;
    if (b === QUOTE) {
      this.inString = true;
      if (this.expectKey && depth <= 2) this.key = [];
    } else if (b === LBRACE) {
      if (depth === 1) this.entryDims = POSE_KEYS[this.keys[1] ?? ''];
      this.stack.push(1);
      this.expectKey = true;
    } else if (b === LBRACKET) {
      if (depth === 2 && this.entryDims !== undefined && this.keys[2] === 'annotation_data' && this.framesDepth < 0) {
        this.framesDepth = depth + 1;
        this.builder = new PoseTrackBuilder(this.entryDims, this.limits);
        this.builders.set(this.entryDims, this.builder);
      }
      this.stack.push(2);
      this.expectKey = false;
    } else if (b === RBRACE || b === RBRACKET) {
      if (this.stack.pop() !== (b === RBRACE ? 1 : 2)) throw this.invalid('unbalanced nesting');
      if (depth === 2) this.entryDims = undefined;
      this.expectKey = false;
    } else if (b === COMMA) {
      this.expectKey = this.stack[depth - 1] === 1;
    } else if (b === COLON) {
      this.expectKey = false;
    }
  }

  private endKey(): void {
    const raw = Buffer.from(this.key!);
    this.key = undefined;
    this.expectKey = false;
    let name: string | undefined;
    try {
      name = raw.length <= 64 ? (JSON.parse(`"${raw.toString('utf8')}"`) as string) : undefined;
    } catch {
      name = undefined;
    }
    this.keys[this.stack.length] = name;
  }

  private keep(piece: Buffer): void {
    if (this.mode === 'rest') {
      this.restBytes += piece.length;
      if (this.restBytes > this.maxRestBytes) throw new NdjsonError('ndjson-line-too-long', `NDJSON line ${this.lineNo} without its pose frames is longer than the cap of ${this.maxRestBytes} bytes`, this.lineNo);
      this.rest.push(Buffer.from(piece));
    } else if (this.mode === 'frame') {
      this.frameBytes += piece.length;
      if (this.frameBytes > MAX_FRAME_BYTES) throw new NdjsonError('ndjson-line-too-long', `NDJSON line ${this.lineNo}: a pose frame is longer than ${MAX_FRAME_BYTES} bytes`, this.lineNo);
      this.frame.push(Buffer.from(piece));
    }
  }

  private endFrame(): void {
    const text = Buffer.concat(this.frame, this.frameBytes).toString('utf8');
    this.frame = [];
    this.frameBytes = 0;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw this.invalid(`a pose frame is not valid JSON (${(err as Error).message})`, err);
    }
    try {
      this.builder!.add(value);
    } catch (err) {
      throw this.contract(err);
    }
  }

  private endFrames(): void {
    this.framesDepth = -1;
    this.builder = undefined;
  }

  /**
   * The line's value: the rest JSON.parse'd (pose entries with `annotation_data: []`), carrying
   * its typed pose ({@link piecesPoseOf}).
   * @throws NdjsonError `ndjson-invalid-json` when the line is not complete JSON; ApiError kind
   *   'contract' when a track fails the pose checks.
   */
  end(): unknown {
    if (this.inString || this.stack.length > 0) throw this.invalid('the line ends inside a JSON value');
    let value: unknown;
    try {
      value = JSON.parse(Buffer.concat(this.rest, this.restBytes).toString('utf8'));
    } catch (err) {
      throw this.invalid((err as Error).message, err);
    }
    if (typeof value !== 'object' || value === null) return value;
    const pose: PiecesPose = {};
    for (const [key, dims] of Object.entries(POSE_KEYS)) {
      const builder = this.builders.get(dims);
      const entry = (value as Record<string, unknown>)[key] as { source_path?: unknown } | undefined;
      if (!builder || typeof entry !== 'object' || entry === null) continue;
      try {
        pose[dims === 2 ? 'pose2d' : 'pose3d'] = builder.finish(typeof entry.source_path === 'string' ? entry.source_path : '');
      } catch (err) {
        throw this.contract(err, key);
      }
    }
    piecesPose.set(value, pose);
    return value;
  }

  private invalid(why: string, cause?: unknown): NdjsonError {
    return new NdjsonError('ndjson-invalid-json', `NDJSON line ${this.lineNo} is not valid JSON (${why})`, this.lineNo, cause);
  }

  private contract(err: unknown, key?: string): ApiError {
    if (err instanceof ApiError) return err;
    const where = key ?? (this.entryDims === 3 ? 'video_entry_3D_json' : 'video_entry_2D_json');
    return new ApiError({
      kind: 'contract',
      code: 'technique-invalid-line',
      message: `technique line ${this.lineNo} does not match the contract: ${where}: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
}

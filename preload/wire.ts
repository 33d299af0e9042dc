/**
 * The message format of the WebSocket bridge (main/bridge ↔ renderer/src/lib/bridge-client.ts).
 * JSON text frames; typed arrays (pose tracks) travel as `{__typed: 'Float32Array', b64}` with
 * their raw little-endian bytes in base64, so values such as NaN survive exactly. No Node and no
 * DOM APIs beyond `atob`/`btoa` (present in browsers and Node ≥ 16) are used here.
 */
import type { ApiResult, Channel, EventName } from './contract.js';

/** Renderer → main: call `channel` with `input`; `id` pairs the answer with the call. */
export interface InvokeMessage {
  type: 'invoke';
  id: number;
  channel: string;
  input?: unknown;
}

/** Main → renderer: the result of call `id`. */
export interface ResultMessage {
  type: 'result';
  id: number;
  result: ApiResult<Channel>;
}

/** Main → every renderer: an event. */
export interface EventMessage {
  type: 'event';
  event: EventName;
  payload: unknown;
}

/** Any message main sends. */
export type ServerMessage = ResultMessage | EventMessage;

/** Typed array constructors the codec carries, by name. */
const TYPED = {
  Float32Array,
  Float64Array,
  Int8Array,
  Int16Array,
  Int32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
  Uint8ClampedArray,
} as const;
type TypedName = keyof typeof TYPED;

/** The JSON form of one typed array. */
export interface TypedArrayJson {
  __typed: TypedName;
  b64: string;
}

/** Bytes → base64, in chunks so large arrays do not overflow the argument list. */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    bin += String.fromCharCode.apply(null, Array.from(bytes.subarray(i, i + CHUNK)));
  }
  return btoa(bin);
}

/** Base64 → bytes (a fresh, aligned ArrayBuffer). @throws DOMException on invalid base64. */
export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function typedName(value: unknown): TypedName | undefined {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) return undefined;
  const name = value.constructor.name;
  return name in TYPED ? (name as TypedName) : undefined;
}

/**
 * JSON text of a value with every typed array replaced by {@link TypedArrayJson}.
 * @param toBase64 bytes → base64; main passes a Buffer-based one (faster than btoa).
 */
export function encodeWire(value: unknown, toBase64: (bytes: Uint8Array) => string = bytesToBase64): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    const name = typedName(v);
    if (name === undefined) return v;
    const view = v as ArrayBufferView;
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    return { __typed: name, b64: toBase64(bytes) } satisfies TypedArrayJson;
  });
}

/**
 * Parses JSON text from {@link encodeWire}, turning every {@link TypedArrayJson} back into its
 * typed array. @throws SyntaxError for text that is not JSON; Error for a typed array whose byte
 * count does not fit its element size.
 */
export function decodeWire(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (typeof v !== 'object' || v === null) return v;
    const t = v as Partial<TypedArrayJson>;
    if (typeof t.__typed !== 'string' || typeof t.b64 !== 'string' || !(t.__typed in TYPED)) return v;
    const Ctor = TYPED[t.__typed];
    const bytes = base64ToBytes(t.b64);
    if (bytes.byteLength % Ctor.BYTES_PER_ELEMENT !== 0) {
      throw new Error(`${t.__typed} payload of ${bytes.byteLength} bytes is not a whole number of elements`);
    }
    return new Ctor(bytes.buffer, 0, bytes.byteLength / Ctor.BYTES_PER_ELEMENT);
  });
}

/**
 * Reading a TF.js graph model from disk (model.json + its weight shards) into plain arrays: the
 * graph's nodes and every constant as a float32 or int32 array. Weights stored float16
 * (`quantization: { dtype: 'float16' }`, tfjs-converter's `--quantize_float16`) are dequantized
 * to float32 here (IEEE 754 binary16 → binary32, exact: every half value is a float value).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** One node of the TF GraphDef in model.json (`modelTopology.node`). */
export interface TfNode {
  name: string;
  op: string;
  /** Input tensors: `node`, `node:k` (k-th output), `^node` (control dependency). */
  input?: string[];
  attr?: Record<string, TfAttr>;
}

/** A GraphDef attribute as tfjs-converter writes it to JSON (int64s as strings, bytes base64). */
export interface TfAttr {
  s?: string;
  i?: string;
  f?: number;
  b?: boolean;
  type?: string;
  list?: { i?: string[]; s?: string[]; f?: number[] };
  shape?: { dim?: { size: string }[] };
}

/** A constant of the graph: float32 (dequantized) or int32 values, row-major, with its shape. */
export interface TfConst {
  dtype: 'float32' | 'int32';
  shape: number[];
  data: Float32Array | Int32Array;
}

/** A TF.js graph model: nodes in model.json order, constants by node name, signature outputs. */
export interface TfGraph {
  nodes: TfNode[];
  consts: Map<string, TfConst>;
  /** Signature outputs: key (e.g. `Identity:0`, `activation_heatmap`) → tensor name (`Identity_3:0`). */
  outputs: [string, string][];
}

interface WeightSpec {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; original_dtype?: string };
}

interface ModelJson {
  modelTopology: { node: TfNode[] };
  signature?: { outputs?: Record<string, { name: string }> };
  weightsManifest: { paths: string[]; weights: WeightSpec[] }[];
}

/**
 * IEEE 754 half (binary16 bits) → number. Subnormals (exponent 0) are m·2⁻²⁴; exponent 31 is
 * Inf/NaN.
 */
export function halfToFloat(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

function readConst(spec: WeightSpec, bytes: Buffer, offset: number): { value: TfConst; size: number } {
  const count = spec.shape.reduce((a, b) => a * b, 1);
  const q = spec.quantization?.dtype;
  if (q === 'float16') {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = halfToFloat(bytes.readUInt16LE(offset + 2 * i));
    return { value: { dtype: 'float32', shape: spec.shape, data }, size: 2 * count };
  }
  if (q) throw new Error(`weight ${spec.name}: quantization ${q} is not supported (only float16)`);
  const copy = Uint8Array.prototype.slice.call(bytes, offset, offset + 4 * count).buffer;
  if (spec.dtype === 'float32') return { value: { dtype: 'float32', shape: spec.shape, data: new Float32Array(copy) }, size: 4 * count };
  if (spec.dtype === 'int32') return { value: { dtype: 'int32', shape: spec.shape, data: new Int32Array(copy) }, size: 4 * count };
  throw new Error(`weight ${spec.name}: dtype ${spec.dtype} is not supported`);
}

/**
 * Reads `<dir>/<name>.json` and its weight shards.
 * @throws Error naming the file when it cannot be read, or the weight whose dtype/quantization
 *   is not float32/int32/float16, or when the shards are shorter than the manifest says.
 */
export async function readTfGraph(jsonPath: string): Promise<TfGraph> {
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
  const consts = new Map<string, TfConst>();
  for (const group of json.weightsManifest) {
    const bytes = Buffer.concat(await Promise.all(group.paths.map((p) => readFile(join(dirname(jsonPath), p)))));
    let offset = 0;
    for (const spec of group.weights) {
      const { value, size } = readConst(spec, bytes, offset);
      if (offset + size > bytes.length) throw new Error(`${jsonPath}: weight ${spec.name} runs past the end of its shards`);
      consts.set(spec.name, value);
      offset += size;
    }
  }
  return { nodes: json.modelTopology.node, consts, outputs: signatureOutputs(json) };
}

function signatureOutputs(json: Pick<ModelJson, 'signature'>): [string, string][] {
  return Object.entries(json.signature?.outputs ?? {}).map(([k, v]) => [k, v.name]);
}

/**
 * The signature outputs of `<name>.json` (key → tensor name, e.g. `ld_3d` → `Identity_2:0`)
 * without reading the weights. @throws Error when the file cannot be read or parsed.
 */
export async function readTfSignatureOutputs(jsonPath: string): Promise<[string, string][]> {
  return signatureOutputs(JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson);
}

/**
 * Building an ONNX ModelProto with the ONNX protobuf classes packaged by `onnx-proto` (generated
 * from onnx.proto of ONNX v1.10.2). Models are written as **IR version 8** with the default
 * domain at **opset 18** (ONNX 1.13's pair; IR 8 covers opsets 15–18, and the IR 8 schema of
 * onnx.proto has every field these models use). ONNX Runtime 1.30 reads both.
 */
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/** ONNX IR version of the written models (onnx.proto `Version.IR_VERSION`). */
export const IR_VERSION = 8;
/** Opset of the default (ai.onnx) domain the converted graphs use. */
export const OPSET = 18;

/** ONNX TensorProto element types used here (onnx.proto `TensorProto.DataType`). */
export const DT = { FLOAT: 1, INT32: 6, INT64: 7, BOOL: 9 } as const;

type AttrValue = number | string | number[] | { float: number } | { floats: number[] };

function attribute(name: string, v: AttrValue): onnxProto.onnx.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType;
  if (typeof v === 'string') return { name, type: T.STRING, s: Buffer.from(v) };
  if (typeof v === 'number') return { name, type: T.INT, i: v };
  if (Array.isArray(v)) return { name, type: T.INTS, ints: v };
  if ('float' in v) return { name, type: T.FLOAT, f: v.float };
  return { name, type: T.FLOATS, floats: v.floats };
}

/** Nodes and initializers of one graph, in topological order as added. */
export class OnnxGraphBuilder {
  readonly nodes: onnxProto.onnx.INodeProto[] = [];
  readonly initializers: onnxProto.onnx.ITensorProto[] = [];
  private readonly used = new Set<string>();
  private counter = 0;

  /** A fresh value name derived from `base` (never returned twice). */
  fresh(base: string): string {
    let n = `${base}__${this.counter++}`;
    while (this.used.has(n)) n = `${base}__${this.counter++}`;
    this.used.add(n);
    return n;
  }

  /** Appends a node `op(inputs) → outputs`; attributes: int, string, int list, {float}, {floats}. */
  node(op: string, inputs: string[], outputs: string[], attrs: Record<string, AttrValue> = {}): void {
    for (const o of outputs) this.used.add(o);
    const attribute_ = Object.entries(attrs).map(([k, v]) => attribute(k, v));
    this.nodes.push({ opType: op, input: inputs, output: outputs, name: outputs[0], attribute: attribute_ });
  }

  /** One-output node with a fresh output name; returns that name. */
  op(op: string, inputs: string[], attrs: Record<string, AttrValue> = {}, base = op): string {
    const out = this.fresh(base);
    this.node(op, inputs, [out], attrs);
    return out;
  }

  /** Adds an initializer (float32 → FLOAT, int32 → INT32, bigint64 → INT64) under `name`. */
  initializer(name: string, data: Float32Array | Int32Array | BigInt64Array, dims: number[]): string {
    this.used.add(name);
    const dataType = data instanceof Float32Array ? DT.FLOAT : data instanceof Int32Array ? DT.INT32 : DT.INT64;
    const rawData = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    this.initializers.push({ name, dims, dataType, rawData });
    return name;
  }

  /** A fresh int64 initializer (1-D unless `dims` given). */
  int64(values: number[], dims: number[] = [values.length]): string {
    return this.initializer(this.fresh('const_i64'), BigInt64Array.from(values, (v) => BigInt(v)), dims);
  }

  /** A fresh float32 scalar (or 1-D when several values) initializer. */
  float(values: number[], dims: number[] = values.length === 1 ? [] : [values.length]): string {
    return this.initializer(this.fresh('const_f32'), Float32Array.from(values), dims);
  }
}

/** A graph input or output: name, element type, dims (a string is a symbolic dim, e.g. 'batch'). */
export interface GraphIo {
  name: string;
  elemType: number;
  dims?: (number | string)[];
}

function valueInfo(io: GraphIo): onnxProto.onnx.IValueInfoProto {
  const shape = io.dims && { dim: io.dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d })) };
  return { name: io.name, type: { tensorType: { elemType: io.elemType, shape } } };
}

/** Serialises the graph as an ONNX model (IR {@link IR_VERSION}, opset {@link OPSET}). */
export function encodeModel(g: OnnxGraphBuilder, name: string, inputs: GraphIo[], outputs: GraphIo[], docString: string): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: IR_VERSION,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'swing-studio tfjs-to-onnx',
    producerVersion: '1',
    docString,
    graph: {
      name,
      node: g.nodes,
      initializer: g.initializers,
      input: inputs.map(valueInfo),
      output: outputs.map(valueInfo),
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

/**
 * TF.js graph model → ONNX model (IR 8, opset 18; onnx-builder.ts). Only the nodes the signature
 * outputs depend on are translated, in dependency order; constants become initializers (float16
 * weights dequantized to float32, int32 widened to int64, see tfjs-ops.ts). The ONNX outputs are
 * named after the signature's keys (`Identity:0` → `Identity`) with the same values, so code
 * reading the TF.js model's output reads the ONNX one unchanged.
 */
import { DT, encodeModel, IR_VERSION, OnnxGraphBuilder, OPSET, type GraphIo } from './onnx-builder.js';
import { readTfGraph, type TfGraph, type TfNode } from './tfjs-graph.js';
import { attrType, tensorName, type OpContext } from './tfjs-op-context.js';
import { OPS } from './tfjs-ops.js';

function parseRef(ref: string): { node: string; k: number } {
  const m = /^(.*):(\d+)$/.exec(ref);
  return m ? { node: m[1]!, k: Number(m[2]) } : { node: ref, k: 0 };
}

/** Nodes the given tensors depend on, each after its inputs (depth-first, iterative). */
function ordered(graph: TfGraph, roots: string[]): TfNode[] {
  const byName = new Map(graph.nodes.map((n) => [n.name, n]));
  const done = new Set<string>();
  const out: TfNode[] = [];
  const stack: [string, boolean][] = roots.map((r) => [parseRef(r).node, false]);
  while (stack.length) {
    const [name, expanded] = stack.pop()!;
    if (done.has(name)) continue;
    const node = byName.get(name);
    if (!node) throw new Error(`graph has no node ${name}`);
    if (expanded) {
      done.add(name);
      out.push(node);
      continue;
    }
    stack.push([name, true]);
    for (const i of node.input ?? []) if (!i.startsWith('^') && !done.has(parseRef(i).node)) stack.push([parseRef(i).node, false]);
  }
  return out;
}

function placeholderIo(node: TfNode, anySize: boolean): GraphIo {
  const symbolic = ['batch', 'height', 'width'];
  const dims = (node.attr?.shape?.shape?.dim ?? []).map((d, i) => (Number(d.size) < 0 || (anySize && i > 0 && i < 3) ? (symbolic[i] ?? `dim${i}`) : Number(d.size)));
  const t = attrType(node, 'dtype');
  if (t !== 'DT_FLOAT' && t !== 'DT_INT32') throw new Error(`input ${node.name}: dtype ${t} is not supported`);
  return { name: node.name, elemType: t === 'DT_FLOAT' ? DT.FLOAT : DT.INT32, dims };
}

/** Conversion options: `anySize` declares the input's height and width symbolic (multipose takes any multiple of 32). */
export interface ConvertOptions {
  anySize?: boolean;
}

/**
 * Converts a parsed TF.js graph to ONNX model bytes.
 * @throws Error naming the node when an op (or an op's attribute) is not supported, or when a
 *   translator needs a constant input that is computed.
 */
export function convertGraph(graph: TfGraph, name: string, opts: ConvertOptions = {}): Uint8Array {
  const g = new OnnxGraphBuilder();
  const consts = new Set<string>();
  const inputs: GraphIo[] = [];
  const constName = (node: string) => {
    const c = graph.consts.get(node);
    if (!c) throw new Error(`Const ${node} has no weight in the manifest`);
    if (!consts.has(node)) {
      consts.add(node);
      if (c.dtype === 'float32') g.initializer(node, c.data, c.shape);
      else g.initializer(node, BigInt64Array.from(c.data, (v) => BigInt(v)), c.shape);
    }
    return node;
  };
  const nodes = ordered(graph, graph.outputs.map(([, t]) => t));
  const ops = new Map(nodes.map((n) => [n.name, n.op]));
  for (const node of nodes) {
    if (node.op === 'Const') continue;
    if (node.op === 'Placeholder') {
      inputs.push(placeholderIo(node, opts.anySize ?? false));
      continue;
    }
    const translate = OPS[node.op];
    if (!translate) throw new Error(`${node.name}: op ${node.op} is not supported by the converter`);
    const refs = (node.input ?? []).filter((i) => !i.startsWith('^')).map(parseRef);
    const ctx: OpContext = {
      node,
      inputCount: refs.length,
      input: (i) => {
        const r = refs[i];
        if (!r) throw new Error(`${node.name}: no input ${i}`);
        return ops.get(r.node) === 'Const' ? constName(r.node) : tensorName(r.node, r.k);
      },
      constOf: (i) => {
        const r = refs[i];
        const c = r && ops.get(r.node) === 'Const' ? graph.consts.get(r.node) : undefined;
        if (!c) throw new Error(`${node.name} (${node.op}): input ${i} must be a constant`);
        return c;
      },
      output: (k) => tensorName(node.name, k),
    };
    translate(g, ctx);
  }
  const outputs: GraphIo[] = graph.outputs.map(([key, t]) => {
    const out = key.replace(/:0$/, '');
    const r = parseRef(t);
    if (tensorName(r.node, r.k) !== out) g.node('Identity', [tensorName(r.node, r.k)], [out]);
    return { name: out, elemType: DT.FLOAT };
  });
  const doc = `${name}: converted from its TF.js graph model by main/models/tfjs-to-onnx.ts (ONNX IR ${IR_VERSION}, opset ${OPSET})`;
  return encodeModel(g, name, inputs, outputs, doc);
}

/** Reads a TF.js graph model (`…/name.json` + shards) and converts it (see {@link convertGraph}). */
export async function convertTfjsModel(jsonPath: string, name: string, opts: ConvertOptions = {}): Promise<Uint8Array> {
  return convertGraph(await readTfGraph(jsonPath), name, opts);
}

/**
 * TF → ONNX (opset 18) for the shape, elementwise and decoding ops of the MoveNet single-pose and
 * BlazePose graphs. Integer tensors: TF's int32 becomes ONNX int64 everywhere inside the graph
 * (ONNX's ArgMax returns int64 and GatherND takes int64 indices; constants are widened when
 * written), only the graph's int32 input stays int32 (its first use is a Cast to float).
 */
import type { OnnxGraphBuilder } from './onnx-builder.js';
import { DT } from './onnx-builder.js';
import { convOp, maxPoolOp, resizeBilinearOp } from './tfjs-conv-ops.js';
import { fillOp, reduceOp, splitOp, stridedSliceOp, topKOp } from './tfjs-slice-ops.js';
import { attrInt, attrInts, attrType, type OpContext } from './tfjs-op-context.js';

/** Translates one TF node, appending its ONNX nodes to the builder. */
export type OpTranslator = (g: OnnxGraphBuilder, ctx: OpContext) => void;

const unary =
  (onnxOp: string): OpTranslator =>
  (g, ctx) =>
    g.node(onnxOp, [ctx.input(0)], [ctx.output(0)]);

/** TF and ONNX broadcast binary ops alike (numpy rules), so these map one to one. */
const binary =
  (onnxOp: string): OpTranslator =>
  (g, ctx) =>
    g.node(onnxOp, [ctx.input(0), ctx.input(1)], [ctx.output(0)]);

const ONNX_TYPE: Record<string, number> = { DT_FLOAT: DT.FLOAT, DT_INT32: DT.INT64, DT_INT64: DT.INT64, DT_BOOL: DT.BOOL };

/** Scalar or 1-element int constant input as a number (axes, dims). */
function constInt(ctx: OpContext, i: number): number {
  const v = ctx.constOf(i).data[0];
  if (v === undefined) throw new Error(`${ctx.node.name}: input ${i} is an empty constant`);
  return v;
}

/** TF `Unpack` (unstack along `axis` into `num` tensors) → Split + Squeeze per part. */
const unpack: OpTranslator = (g, ctx) => {
  const axis = attrInt(ctx.node, 'axis');
  const num = attrInt(ctx.node, 'num');
  const axes = g.int64([axis]);
  if (num === 1) return g.node('Squeeze', [ctx.input(0), axes], [ctx.output(0)]);
  const parts = Array.from({ length: num }, () => g.fresh(`${ctx.node.name}/part`));
  g.node('Split', [ctx.input(0)], parts, { axis, num_outputs: num });
  parts.forEach((p, k) => g.node('Squeeze', [p, axes], [ctx.output(k)]));
};

/** TF `Pack` (stack along a new `axis`) → Unsqueeze each input + Concat. */
const pack: OpTranslator = (g, ctx) => {
  const axis = attrInt(ctx.node, 'axis');
  const axes = g.int64([axis]);
  const parts = Array.from({ length: ctx.inputCount }, (_, i) => g.op('Unsqueeze', [ctx.input(i), axes]));
  g.node('Concat', parts, [ctx.output(0)], { axis });
};

/** TF ops this converter translates (every op of MoveNet lightning/thunder/multipose and BlazePose lite/full/heavy). */
export const OPS: Record<string, OpTranslator> = {
  _FusedConv2D: (g, ctx) => convOp(g, ctx, false),
  Conv2D: (g, ctx) => convOp(g, ctx, false),
  FusedDepthwiseConv2dNative: (g, ctx) => convOp(g, ctx, true),
  DepthwiseConv2dNative: (g, ctx) => convOp(g, ctx, true),
  MaxPool: maxPoolOp,
  ResizeBilinear: resizeBilinearOp,
  Identity: unary('Identity'),
  Sigmoid: unary('Sigmoid'),
  Sqrt: unary('Sqrt'),
  Abs: unary('Abs'),
  Exp: unary('Exp'),
  Reciprocal: unary('Reciprocal'),
  Shape: unary('Shape'),
  Size: unary('Size'),
  Relu: unary('Relu'),
  Relu6: (g, ctx) => g.node('Clip', [ctx.input(0), g.float([0]), g.float([6])], [ctx.output(0)]),
  AddV2: binary('Add'),
  Sub: binary('Sub'),
  Mul: binary('Mul'),
  RealDiv: binary('Div'),
  Minimum: binary('Min'),
  Maximum: binary('Max'),
  Less: binary('Less'),
  Greater: binary('Greater'),
  GreaterEqual: binary('GreaterOrEqual'),
  Equal: binary('Equal'),
  LogicalAnd: binary('And'),
  Tile: binary('Tile'),
  Fill: fillOp,
  // TF Select (v1) picks rows when the condition is a vector; every Select of these graphs has
  // condition and values of one shape, where it is ONNX Where.
  Select: (g, ctx) => g.node('Where', [ctx.input(0), ctx.input(1), ctx.input(2)], [ctx.output(0)]),
  AddN: (g, ctx) => g.node('Sum', Array.from({ length: ctx.inputCount }, (_, i) => ctx.input(i)), [ctx.output(0)]),
  Range: (g, ctx) => g.node('Range', [ctx.input(0), ctx.input(1), ctx.input(2)], [ctx.output(0)]),
  StridedSlice: stridedSliceOp,
  TopKV2: topKOp,
  Split: splitOp,
  Max: reduceOp('ReduceMax'),
  Sum: reduceOp('ReduceSum'),
  // The graphs floor-divide only non-negative int indices (ArgMax ÷ heatmap width), where ONNX's
  // truncating integer Div is the same; a float FloorDiv gets an explicit Floor.
  FloorDiv: (g, ctx) => {
    if (attrType(ctx.node, 'T') === 'DT_FLOAT') return g.node('Floor', [g.op('Div', [ctx.input(0), ctx.input(1)])], [ctx.output(0)]);
    g.node('Div', [ctx.input(0), ctx.input(1)], [ctx.output(0)]);
  },
  SquaredDifference: (g, ctx) => {
    const d = g.op('Sub', [ctx.input(0), ctx.input(1)]);
    g.node('Mul', [d, d], [ctx.output(0)]);
  },
  Cast: (g, ctx) => {
    const to = ONNX_TYPE[attrType(ctx.node, 'DstT')];
    if (to === undefined) throw new Error(`${ctx.node.name}: Cast to ${attrType(ctx.node, 'DstT')} is not supported`);
    g.node('Cast', [ctx.input(0)], [ctx.output(0)], { to });
  },
  Reshape: (g, ctx) => g.node('Reshape', [ctx.input(0), ctx.input(1)], [ctx.output(0)]),
  ExpandDims: (g, ctx) => g.node('Unsqueeze', [ctx.input(0), g.int64([constInt(ctx, 1)])], [ctx.output(0)]),
  Squeeze: (g, ctx) => {
    const dims = attrInts(ctx.node, 'squeeze_dims');
    g.node('Squeeze', dims.length ? [ctx.input(0), g.int64(dims)] : [ctx.input(0)], [ctx.output(0)]);
  },
  Unpack: unpack,
  Pack: pack,
  ConcatV2: (g, ctx) => {
    const n = ctx.inputCount - 1;
    g.node('Concat', Array.from({ length: n }, (_, i) => ctx.input(i)), [ctx.output(0)], { axis: constInt(ctx, n) });
  },
  ArgMax: (g, ctx) => g.node('ArgMax', [ctx.input(0)], [ctx.output(0)], { axis: constInt(ctx, 1), keepdims: 0 }),
  GatherNd: (g, ctx) => g.node('GatherND', [ctx.input(0), ctx.input(1)], [ctx.output(0)]),
  // TF paddings [[before, after] per dim] → ONNX pads [all befores, all afters], zeros outside.
  Pad: (g, ctx) => {
    const p = Array.from(ctx.constOf(1).data);
    const pads = [...p.filter((_, i) => i % 2 === 0), ...p.filter((_, i) => i % 2 === 1)];
    g.node('Pad', [ctx.input(0), g.int64(pads)], [ctx.output(0)], { mode: 'constant' });
  },
};

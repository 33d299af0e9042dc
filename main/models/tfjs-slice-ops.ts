/**
 * TF → ONNX for the indexing and reduction ops of MoveNet multipose's decoding tail:
 * StridedSlice (constant begin/end/strides, with begin/end/shrink/new-axis masks), TopKV2,
 * Split, Max/Sum, Fill, Range, Tile. Integer values are int64 (see tfjs-ops.ts).
 */
import type { OnnxGraphBuilder } from './onnx-builder.js';
import { attrBool, attrInt, type OpContext } from './tfjs-op-context.js';

/** Start/end for an open side of a slice (ONNX clamps them to the dimension). */
const FAR = 2 ** 62;

/**
 * `StridedSlice(x, begin, end, strides)` with constant begin/end/strides → Slice, then Squeeze
 * (shrink_axis_mask dims), then Unsqueeze (new_axis_mask dims), as TF defines the masks
 * (tf.strided_slice docs). @throws Error on an ellipsis_mask (the graphs have none).
 */
export function stridedSliceOp(g: OnnxGraphBuilder, ctx: OpContext): void {
  const [begin, end, strides] = [1, 2, 3].map((i) => Array.from(ctx.constOf(i).data)) as [number[], number[], number[]];
  const bit = (mask: string, i: number) => (attrInt(ctx.node, mask) >> i) & 1;
  if (attrInt(ctx.node, 'ellipsis_mask')) throw new Error(`${ctx.node.name}: StridedSlice ellipsis_mask is not supported`);
  const starts: number[] = [];
  const ends: number[] = [];
  const steps: number[] = [];
  const axes: number[] = [];
  const shrink: number[] = [];
  const newAxes: number[] = [];
  let inDim = 0;
  let outDim = 0;
  for (let i = 0; i < begin.length; i++) {
    if (bit('new_axis_mask', i)) {
      newAxes.push(outDim++);
      continue;
    }
    const step = strides[i] ?? 1;
    const b = begin[i] ?? 0;
    if (bit('shrink_axis_mask', i)) {
      starts.push(b);
      ends.push(b === -1 ? FAR : b + 1);
      steps.push(1);
      axes.push(inDim);
      shrink.push(inDim++);
      continue;
    }
    starts.push(bit('begin_mask', i) ? (step > 0 ? 0 : FAR) : b);
    ends.push(bit('end_mask', i) ? (step > 0 ? FAR : -FAR) : (end[i] ?? 0));
    steps.push(step);
    axes.push(inDim++);
    outDim++;
  }
  let y = g.op('Slice', [ctx.input(0), g.int64(starts), g.int64(ends), g.int64(axes), g.int64(steps)]);
  if (shrink.length) y = g.op('Squeeze', [y, g.int64(shrink)]);
  g.node(newAxes.length ? 'Unsqueeze' : 'Identity', newAxes.length ? [y, g.int64(newAxes)] : [y], [ctx.output(0)]);
}

/** `TopKV2(x, k)` → TopK on the last axis, largest first (TF's order); indices int64. */
export function topKOp(g: OnnxGraphBuilder, ctx: OpContext): void {
  const k = g.int64(Array.from(ctx.constOf(1).data));
  g.node('TopK', [ctx.input(0), k], [ctx.output(0), ctx.output(1)], { axis: -1, largest: 1, sorted: 1 });
}

/** `Split(axis, x)` into `num_split` equal parts → Split(num_outputs). */
export function splitOp(g: OnnxGraphBuilder, ctx: OpContext): void {
  const n = attrInt(ctx.node, 'num_split');
  const axis = ctx.constOf(0).data[0] ?? 0;
  g.node('Split', [ctx.input(1)], Array.from({ length: n }, (_, k) => ctx.output(k)), { axis, num_outputs: n });
}

/** `Max`/`Sum(x, axes)` with keep_dims → ReduceMax/ReduceSum (axes as an int64 input, opset 18). */
export const reduceOp =
  (onnxOp: 'ReduceMax' | 'ReduceSum') =>
  (g: OnnxGraphBuilder, ctx: OpContext): void =>
    g.node(onnxOp, [ctx.input(0), g.int64(Array.from(ctx.constOf(1).data))], [ctx.output(0)], { keepdims: attrBool(ctx.node, 'keep_dims') ? 1 : 0 });

/** `Fill(dims, value)` → Expand(value, dims) (a scalar broadcast to the shape). */
export function fillOp(g: OnnxGraphBuilder, ctx: OpContext): void {
  g.node('Expand', [ctx.input(1), ctx.input(0)], [ctx.output(0)]);
}

/**
 * TF → ONNX for the layout-sensitive ops: convolutions (plain, depthwise, fused with BiasAdd and
 * an activation), MaxPool and ResizeBilinear.
 *
 * Layout: the converted graph stays NHWC like the TF graph (so Reshape, GatherNd, Pad and the
 * decoding tail keep TF's meaning unchanged); each of these ops is wrapped in
 * Transpose(NHWC→NCHW) … Transpose(NCHW→NHWC). ONNX Runtime's transpose optimizer (graph
 * optimisation level ≥ basic) pushes those through the elementwise ops between convolutions and
 * cancels the pairs, so the optimised graph runs NCHW end to end (checked on the optimised
 * MoveNet graph: test/models/tfjs-to-onnx.test.ts).
 */
import type { OnnxGraphBuilder } from './onnx-builder.js';
import type { TfConst } from './tfjs-graph.js';
import { attrBool, attrInts, attrString, attrStrings, type OpContext } from './tfjs-op-context.js';

const TO_NCHW = [0, 3, 1, 2];
const TO_NHWC = [0, 2, 3, 1];

/** TF conv filter [kh, kw, in, out] → ONNX Conv weight [out, in, kh, kw]. */
export function convWeight(f: TfConst): { data: Float32Array; dims: number[] } {
  const [kh = 1, kw = 1, cin = 1, cout = 1] = f.shape;
  const data = new Float32Array(f.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++) data[((o * cin + i) * kh + y) * kw + x] = f.data[((y * kw + x) * cin + i) * cout + o]!;
  return { data, dims: [cout, cin, kh, kw] };
}

/** TF depthwise filter [kh, kw, in, multiplier] → ONNX grouped Conv weight [in·multiplier, 1, kh, kw] (output channel c·multiplier + m, TF's order). */
export function depthwiseWeight(f: TfConst): { data: Float32Array; dims: number[] } {
  const [kh = 1, kw = 1, cin = 1, mult = 1] = f.shape;
  const data = new Float32Array(f.data.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let c = 0; c < cin; c++)
        for (let m = 0; m < mult; m++) data[((c * mult + m) * kh + y) * kw + x] = f.data[((y * kw + x) * cin + c) * mult + m]!;
  return { data, dims: [cin * mult, 1, kh, kw] };
}

/**
 * ONNX padding attributes for TF `padding`: SAME → auto_pad SAME_UPPER (TF puts the odd pixel at
 * the end, as SAME_UPPER does), VALID → none, EXPLICIT → pads from `explicit_paddings` (NHWC
 * pairs). @throws Error on another value.
 */
function padAttrs(ctx: OpContext): Record<string, string | number[]> {
  const p = attrString(ctx.node, 'padding');
  if (p === 'SAME') return { auto_pad: 'SAME_UPPER' };
  if (p === 'VALID') return {};
  if (p === 'EXPLICIT') {
    const e = attrInts(ctx.node, 'explicit_paddings');
    return { pads: [e[2] ?? 0, e[4] ?? 0, e[3] ?? 0, e[5] ?? 0] };
  }
  throw new Error(`${ctx.node.name}: padding ${p} is not supported`);
}

function hw(v: number[]): number[] {
  return [v[1] ?? 1, v[2] ?? 1];
}

/** Appends the activation named by TF `fused_ops[1]` (Relu, Relu6) to an NCHW value. */
function activation(g: OnnxGraphBuilder, ctx: OpContext, x: string, act: string | undefined): string {
  if (act === undefined) return x;
  if (act === 'Relu') return g.op('Relu', [x]);
  if (act === 'Relu6') return g.op('Clip', [x, g.float([0]), g.float([6])]);
  throw new Error(`${ctx.node.name}: fused activation ${act} is not supported`);
}

/** `_FusedConv2D`, `FusedDepthwiseConv2dNative`, `DepthwiseConv2dNative`, `Conv2D` → Transpose, Conv (+ bias, activation), Transpose. */
export function convOp(g: OnnxGraphBuilder, ctx: OpContext, depthwise: boolean): void {
  if ((attrString(ctx.node, 'data_format') || 'NHWC') !== 'NHWC') throw new Error(`${ctx.node.name}: only NHWC convolutions are supported`);
  const fused = attrStrings(ctx.node, 'fused_ops');
  if (fused.length > 0 && fused[0] !== 'BiasAdd') throw new Error(`${ctx.node.name}: fused ops ${fused.join(',')} are not supported`);
  const filter = ctx.constOf(1);
  const w = depthwise ? depthwiseWeight(filter) : convWeight(filter);
  const inputs = [g.op('Transpose', [ctx.input(0)], { perm: TO_NCHW }), g.initializer(g.fresh(`${ctx.node.name}/W`), w.data, w.dims)];
  if (fused[0] === 'BiasAdd') inputs.push(ctx.input(2));
  const group = depthwise ? (filter.shape[2] ?? 1) : 1;
  const y = g.op('Conv', inputs, { strides: hw(attrInts(ctx.node, 'strides')), dilations: hw(attrInts(ctx.node, 'dilations')), group, ...padAttrs(ctx) });
  g.node('Transpose', [activation(g, ctx, y, fused[1])], [ctx.output(0)], { perm: TO_NHWC });
}

/** `MaxPool` (NHWC) → Transpose, MaxPool, Transpose. */
export function maxPoolOp(g: OnnxGraphBuilder, ctx: OpContext): void {
  const x = g.op('Transpose', [ctx.input(0)], { perm: TO_NCHW });
  const y = g.op('MaxPool', [x], { kernel_shape: hw(attrInts(ctx.node, 'ksize')), strides: hw(attrInts(ctx.node, 'strides')), ...padAttrs(ctx) });
  g.node('Transpose', [y], [ctx.output(0)], { perm: TO_NHWC });
}

/**
 * `ResizeBilinear(x, size)` → Transpose, Resize(linear, sizes on the H, W axes), Transpose;
 * `size` (int64 [h, w]) may be computed (multipose scales by its input's shape).
 * Coordinates: half_pixel_centers → `half_pixel`, align_corners → `align_corners`, neither →
 * `asymmetric` (TF's three sampling grids, ONNX Resize spec).
 */
export function resizeBilinearOp(g: OnnxGraphBuilder, ctx: OpContext): void {
  const mode = attrBool(ctx.node, 'half_pixel_centers') ? 'half_pixel' : attrBool(ctx.node, 'align_corners') ? 'align_corners' : 'asymmetric';
  const x = g.op('Transpose', [ctx.input(0)], { perm: TO_NCHW });
  const y = g.op('Resize', [x, '', '', ctx.input(1)], { mode: 'linear', coordinate_transformation_mode: mode, axes: [2, 3] });
  g.node('Transpose', [y], [ctx.output(0)], { perm: TO_NHWC });
}

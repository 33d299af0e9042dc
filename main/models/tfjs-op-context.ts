/**
 * What an op translator sees of one TF node: its ONNX input names, its constant inputs, its
 * output names, and readers for the node's attributes (model.json's GraphDef JSON encoding).
 */
import type { TfConst, TfNode } from './tfjs-graph.js';

/** One TF node being translated. */
export interface OpContext {
  node: TfNode;
  /** ONNX value name of the node's i-th (non-control) input. */
  input(i: number): string;
  /** Number of (non-control) inputs. */
  readonly inputCount: number;
  /** The i-th input's constant value. @throws Error when that input is not a Const node. */
  constOf(i: number): TfConst;
  /** ONNX value name of the node's k-th output (TF tensor `name:k`). */
  output(k: number): string;
}

/** ONNX value name of TF tensor `name:k` (`name` for k = 0, as TF writes it too). */
export function tensorName(node: string, k: number): string {
  return k === 0 ? node : `${node}:${k}`;
}

/** A list-of-int attribute (e.g. strides) as numbers; [] when absent. */
export function attrInts(node: TfNode, key: string): number[] {
  return (node.attr?.[key]?.list?.i ?? []).map(Number);
}

/** A list-of-string attribute (e.g. fused_ops), decoded from base64; [] when absent. */
export function attrStrings(node: TfNode, key: string): string[] {
  return (node.attr?.[key]?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString());
}

/** A string attribute (e.g. padding), decoded from base64; '' when absent. */
export function attrString(node: TfNode, key: string): string {
  const s = node.attr?.[key]?.s;
  return s === undefined ? '' : Buffer.from(s, 'base64').toString();
}

/** An int attribute (e.g. axis); `fallback` when absent. */
export function attrInt(node: TfNode, key: string, fallback = 0): number {
  const i = node.attr?.[key]?.i;
  return i === undefined ? fallback : Number(i);
}

/** A bool attribute; false when absent. */
export function attrBool(node: TfNode, key: string): boolean {
  return node.attr?.[key]?.b === true;
}

/** A type attribute (e.g. DstT) such as 'DT_FLOAT'; '' when absent. */
export function attrType(node: TfNode, key: string): string {
  return node.attr?.[key]?.type ?? '';
}

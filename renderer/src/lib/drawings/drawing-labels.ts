/**
 * Words for drawings in the session page's list: the tool's name, and for drawings that follow
 * the skeleton the joints they follow ("Angle · right hip – right knee – right ankle").
 */
import { isJointPoint, type DrawingData, type DrawingKind } from '../../../../main/drawings/drawing.js';
import { H36M_JOINTS } from '../../../../main/pose/h36m.js';

/** Display name of each tool. */
export const TOOL_NAMES: Record<DrawingKind, string> = {
  line: 'Line',
  arrow: 'Arrow',
  angle: 'Angle',
  circle: 'Circle',
  pencil: 'Free hand',
  text: 'Text',
};

/** A joint's name in words ("right knee"; "neck" for H36M's neck/nose point). */
export function jointLabel(joint: number): string {
  const name = H36M_JOINTS[joint] ?? `joint ${joint}`;
  return name === 'neck_nose' ? 'neck' : name.replace(/_/g, ' ');
}

/** The list's title of a drawing. */
export function drawingLabel(d: Pick<DrawingData, 'kind' | 'points' | 'text'>): string {
  if (d.kind === 'text') return `${TOOL_NAMES.text} · “${d.text}”`;
  const joints = d.points.filter(isJointPoint);
  if (joints.length === 0) return TOOL_NAMES[d.kind];
  const parts = d.points.map((p) => (isJointPoint(p) ? jointLabel(p.joint) : 'point'));
  return `${TOOL_NAMES[d.kind]} · ${parts.join(' – ')}`;
}

/**
 * The coach's drawings (main/drawings/drawing.ts) as Kinovea drawings in a `.kva` (KVA 2.0, as
 * Kinovea 0.9 writes them; element names and style keys from Kinovea's DrawingLine, DrawingAngle,
 * DrawingCircle, DrawingPencil and DrawingText `WriteXml`, visibility from InfosFading.cs, the
 * per-frame positions from TrackablePoint.cs; see main/export/README.md for the mapping):
 *
 * - line / arrow → `Line` (Start, End; style `Arrows` None / EndArrow), angle → `Angle`
 *   (PointO = the vertex, PointA, PointB), circle → `Circle` (Origin, Radius in whole pixels),
 *   free hand → `Pencil` (PointList), text → `Label` (Text, Position).
 * - Each drawing sits in the key frame at the FIRST frame it is shown on, with `InfosFading`
 *   OpaqueFrames = the number of frames shown and Frames (fading) = 1, so Kinovea shows it over
 *   exactly our range (its opacity is 1 over the opaque frames from the key frame and 0 one
 *   frame further).
 * - A drawing that follows joints also gets a `Trackability/TrackableDrawing` with, per point
 *   (Kinovea's keys a, b for lines; o, a, b for angles), the point's position on every frame of
 *   its range where the joints are measured (`Frame time location source="Manual"`).
 */
import { randomUUID } from 'node:crypto';
import { displayText } from '../contract/display-names.js';
import { isJointPoint, type Drawing } from '../drawings/drawing.js';
import { circleRadius, pointsPx, poseIndexOfFrameNr, type Px } from '../drawings/geometry.js';
import type { PoseTrack } from '../pose/pose-track.js';

/** XML builder objects (fast-xml-parser: `@_` attributes, `#text` content). */
type Xml = Record<string, unknown>;

/** One drawing for the KVA: the key-frame frame_nr it goes in, its element and its trackability. */
export interface KvaDrawing {
  frameNr: number;
  element: 'Line' | 'Angle' | 'Circle' | 'Pencil' | 'Label';
  xml: Xml;
  trackable: Xml | null;
}

const pt = (p: Px) => `${round(p[0])};${round(p[1])}`;

/** Kinovea colour "a;r;g;b" of `#rrggbb`. */
export function kvaColour(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `255;${(n >> 16) & 255};${(n >> 8) & 255};${n & 255}`;
}

/**
 * The KVA form of drawing `d`, with points on the first frame of its range where every joint
 * it follows is measured; null when there is no such frame (nothing to place).
 * @param ts frame_nr → KVA time stamp
 */
export function kvaDrawing(d: Drawing, pose: PoseTrack | null, ts: (frameNr: number) => number): KvaDrawing | null {
  const frames = framesOf(d, pose);
  const first = frames[0];
  if (!first) return null;
  const pts = first[1];
  const fading = {
    Enabled: 'true',
    UseDefault: 'false',
    AlwaysVisible: 'false',
    MasterFactor: 1,
    OpaqueFrames: d.toFrameNr - d.fromFrameNr + 1,
    Frames: 1,
  };
  const colour = (key: string) => ({ '@_Key': key, Value: kvaColour(d.colour) });
  const id = randomUUID();
  const base = { '@_id': id, '@_name': d.kind === 'text' ? displayText(d.text) : d.kind };
  let element: KvaDrawing['element'];
  let xml: Xml;
  let keys: string[] = [];
  switch (d.kind) {
    case 'line':
    case 'arrow':
      element = 'Line';
      keys = ['a', 'b'];
      xml = { ...base, Start: pt(pts[0]!), End: pt(pts[1]!), DrawingStyle: { Color: colour('color'), LineSize: { '@_Key': 'line size', Value: 3 }, Arrows: { '@_Key': 'arrows', Value: d.kind === 'arrow' ? 'EndArrow' : 'None' } } };
      break;
    case 'angle':
      element = 'Angle';
      keys = ['a', 'o', 'b'];
      xml = { ...base, PointO: pt(pts[1]!), PointA: pt(pts[0]!), PointB: pt(pts[2]!), Signed: 'false', CCW: 'false', Supplementary: 'false', DrawingStyle: { Color: colour('line color') } };
      break;
    case 'circle':
      element = 'Circle';
      xml = { ...base, Origin: pt(pts[0]!), Radius: Math.round(circleRadius(pts[0]!, pts[1]!)), DrawingStyle: { Color: colour('color'), PenSize: { '@_Key': 'pen size', Value: 3 } } };
      break;
    case 'pencil':
      element = 'Pencil';
      xml = { ...base, PointList: { '@_Count': pts.length, Point: pts.map(pt) }, DrawingStyle: { Color: colour('color'), PenSize: { '@_Key': 'pen size', Value: 3 } } };
      break;
    case 'text':
      element = 'Label';
      xml = { ...base, Text: displayText(d.text), Position: pt(pts[0]!), DrawingStyle: { Color: colour('back color'), FontSize: { '@_Key': 'font size', Value: 16 } } };
      break;
  }
  xml['InfosFading'] = fading;
  const attached = d.points.some(isJointPoint);
  const trackable = attached
    ? {
        '@_id': id,
        '@_tracking': 'true',
        TrackablePoint: keys.map((key, i) => ({
          '@_key': key,
          NonTrackingValue: pt(pts[i]!),
          CurrentValue: pt(pts[i]!),
          Timeline: { Frame: frames.map(([f, p]) => ({ '@_time': ts(f), '@_location': pt(p[i]!), '@_source': 'Manual' })) },
        })),
      }
    : null;
  return { frameNr: d.fromFrameNr, element, xml, trackable };
}

/** [frame_nr, points] for every frame of the drawing's range where its points are known (one entry for a fixed drawing). */
function framesOf(d: Drawing, pose: PoseTrack | null): [number, Px[]][] {
  if (!d.points.some(isJointPoint)) {
    const pts = pointsPx(d, null, -1);
    return pts ? [[d.fromFrameNr, pts]] : [];
  }
  if (!pose) return [];
  const out: [number, Px[]][] = [];
  for (let f = d.fromFrameNr; f <= d.toFrameNr; f++) {
    const i = poseIndexOfFrameNr(pose, f);
    const pts = i >= 0 ? pointsPx(d, pose, i) : null;
    if (pts) out.push([f, pts]);
  }
  return out;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

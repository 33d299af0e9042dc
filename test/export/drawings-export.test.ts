/**
 * The coach's drawings in the exports of a real analysed session: the .kva holds them as Kinovea
 * drawings (element, points, visibility as InfosFading, per-frame positions of attached points
 * as Trackability timelines) and the report's key frames paint them (magenta pixels appear where
 * none were; a drawing away from the swing's key frames gets a key frame of its own).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Drawing, DrawingData } from '../../main/drawings/drawing.js';
import { jointPx } from '../../main/drawings/geometry.js';
import { KVA_TIMESTAMPS_PER_FRAME } from '../../main/export/kva.js';
import { withDrawingKeyFrames } from '../../main/export/report/drawing-key-frames.js';
import { keyFrameSpecs } from '../../main/export/report/key-frame-specs.js';
import { renderKeyFrame } from '../../main/export/report/key-frames.js';
import { exportSession } from '../../main/export/session-export.js';
import { saveDrawing } from '../../main/library/drawings.js';
import { J } from '../../main/pose/h36m.js';
import { frameAtTime } from '../../main/pose/frame-time.js';
import { type PoseTrack } from '../../main/pose/pose-track.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

let fx: SessionFixture;
let pose: PoseTrack;
let c = 0;
const saved: Drawing[] = [];
const MAGENTA = '#ff00ff';

beforeAll(async () => {
  fx = await sessionFixture();
  mkdirSync(fx.out, { recursive: true });
  pose = fx.detail.pose2d!;
  c = frameAtTime(pose.timestamps, fx.detail.contact!.timestamp);
  const f = (i: number) => pose.frameNr[i]!;
  const base = { text: '', colour: MAGENTA, onChart: false };
  const add = (d: DrawingData) => saved.push(saveDrawing(fx.db, fx.sessionId, d));
  add({ ...base, kind: 'angle', frameNr: f(c), fromFrameNr: f(c - 5), toFrameNr: f(c + 5), points: [{ joint: J.rightHip }, { joint: J.rightKnee }, { joint: J.rightAnkle }], onChart: true });
  add({ ...base, kind: 'line', frameNr: f(c), fromFrameNr: f(c), toFrameNr: f(c + 2), points: [{ x: 10, y: 20.5 }, { x: 300, y: 20.5 }] });
  add({ ...base, kind: 'arrow', frameNr: f(c), fromFrameNr: f(c), toFrameNr: f(c), points: [{ x: 10, y: 40 }, { joint: J.rightWrist }] });
  add({ ...base, kind: 'circle', frameNr: f(c), fromFrameNr: f(c), toFrameNr: f(c), points: [{ x: 100, y: 100 }, { x: 130, y: 140 }] });
  add({ ...base, kind: 'pencil', frameNr: f(c), fromFrameNr: f(c), toFrameNr: f(c), points: [{ x: 1, y: 1 }, { x: 2, y: 3 }, { x: 4, y: 9 }] });
  add({ ...base, kind: 'text', frameNr: f(2), fromFrameNr: f(0), toFrameNr: f(4), points: [{ x: 50, y: 60 }], text: 'Early & <set>' });
});
afterAll(() => fx?.close());

type Kf = { Position: { '#text': string }; Title: string; Drawings?: Record<string, Record<string, unknown>[]> };
type Frame = { '@_time': string; '@_location': string; '@_source': string };

describe('drawings in the exports', () => {
  it('kva: each drawing as a Kinovea drawing in the key frame of its first shown frame, attached points with per-frame positions', async () => {
    const [file] = await exportSession(fx.db, fx.sessionId, 'kva', join(fx.out, 'drawn.kva'));
    const xml = readFileSync(file!, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const arrays = ['Keyframe', 'Angle', 'Line', 'Circle', 'Pencil', 'Label', 'TrackableDrawing', 'TrackablePoint', 'Frame', 'Point'];
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => arrays.includes(n) }).parse(xml) as {
      KinoveaVideoAnalysis: { Keyframes: { Keyframe: Kf[] }; Trackability: { TrackableDrawing: { '@_id': string; '@_tracking': string; TrackablePoint: { '@_key': string; Timeline: { Frame: Frame[] } }[] }[] } };
    };
    const k = doc.KinoveaVideoAnalysis;
    const at = (frameNr: number) => k.Keyframes.Keyframe.find((x) => Number(x.Position['#text']) === frameNr * KVA_TIMESTAMPS_PER_FRAME);
    const [angle, line, arrow, circle, pencil, text] = saved;
    const pt = (p: [number, number] | null) => (p ? `${Math.round(p[0] * 100) / 100};${Math.round(p[1] * 100) / 100}` : 'none');

    const kfAngle = at(angle!.fromFrameNr)?.Drawings?.['Angle']?.[0];
    expect(kfAngle).toBeDefined();
    const from = c - 5;
    expect(kfAngle).toMatchObject({
      PointO: pt(jointPx(pose, from, J.rightKnee)),
      PointA: pt(jointPx(pose, from, J.rightHip)),
      PointB: pt(jointPx(pose, from, J.rightAnkle)),
      DrawingStyle: { Color: { '@_Key': 'line color', Value: '255;255;0;255' } },
      InfosFading: { OpaqueFrames: '11', Frames: '1', AlwaysVisible: 'false', UseDefault: 'false' },
    });
    const track = k.Trackability.TrackableDrawing.find((t) => t['@_id'] === kfAngle!['@_id']);
    expect(track?.['@_tracking']).toBe('true');
    expect(track?.TrackablePoint.map((p) => p['@_key'])).toEqual(['a', 'o', 'b']);
    const knee = track!.TrackablePoint[1]!.Timeline.Frame;
    expect(knee).toHaveLength(11);
    const atContact = knee.find((fr) => Number(fr['@_time']) === pose.frameNr[c]! * KVA_TIMESTAMPS_PER_FRAME);
    expect(atContact).toEqual({ '@_time': String(pose.frameNr[c]! * KVA_TIMESTAMPS_PER_FRAME), '@_location': pt(jointPx(pose, c, J.rightKnee)), '@_source': 'Manual' });

    const lines = at(line!.fromFrameNr)?.Drawings?.['Line'] ?? [];
    expect(lines.map((l) => [l['Start'], l['End'], (l['DrawingStyle'] as { Arrows: { Value: string } }).Arrows.Value])).toEqual([
      ['10;20.5', '300;20.5', 'None'],
      ['10;40', pt(jointPx(pose, c, J.rightWrist)), 'EndArrow'],
    ]);
    expect(k.Trackability.TrackableDrawing.map((t) => t.TrackablePoint.length).sort()).toEqual([2, 3]); // the angle and the arrow follow joints
    expect(at(circle!.fromFrameNr)?.Drawings?.['Circle']?.[0]).toMatchObject({ Origin: '100;100', Radius: '50' });
    expect(at(pencil!.fromFrameNr)?.Drawings?.['Pencil']?.[0]).toMatchObject({ PointList: { '@_Count': '3', Point: ['1;1', '2;3', '4;9'] } });
    const label = at(text!.fromFrameNr);
    expect(label?.Title).toBe('Drawings');
    expect(label?.Drawings?.['Label']?.[0]).toMatchObject({ Text: 'Early & <set>', Position: '50;60', InfosFading: { OpaqueFrames: '5' } });
    expect(arrow).toBeDefined();
  });

  it('report key frames paint the drawings shown on them, and a drawing far from them gets its own key frame', async () => {
    const specs = withDrawingKeyFrames(keyFrameSpecs(fx.detail), saved, pose);
    const own = specs.find((s) => s.label === 'Drawing');
    expect(own?.frame).toBe(2);
    expect(specs.map((s) => s.frame)).toEqual([...specs.map((s) => s.frame)].sort((a, b) => a - b));
    const contact = specs.find((s) => s.frame === c);
    expect(contact?.label).toBe('Ball contact');
    const magenta = async (png: Buffer) => {
      const img = await loadImage(png);
      const cv = createCanvas(img.width, img.height);
      const ctx = cv.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const px = ctx.getImageData(0, 0, img.width, img.height).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i]! > 200 && px[i + 1]! < 80 && px[i + 2]! > 200) n++;
      return n;
    };
    const plain = await magenta(await renderKeyFrame(fx.clipPath, pose, { ...contact!, drawings: [] }));
    const drawn = await magenta(await renderKeyFrame(fx.clipPath, pose, contact!));
    expect(plain).toBeLessThan(20);
    expect(drawn).toBeGreaterThan(300);
  });
});

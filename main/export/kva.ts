/**
 * Kinovea `.kva` sidecar (KinoveaVideoAnalysis, FormatVersion 2.0): keyframes at the swing
 * events with the features' observations as comments, and the dominant-wrist trajectory as a
 * track. Kinovea loads `video.kva` automatically next to `video.mp4` (Kinovea docs,
 * "Saving and loading annotation files").
 *
 * What we followed (checked 2026-11): Kinovea's KVA 1.5→2.0 XSLT converter (element names and
 * order of the header: FormatVersion, Producer, OriginalFilename, ImageSize "w;h",
 * AverageTimeStampsPerFrame, CaptureFramerate, UserFramerate, FirstTimeStamp, SelectionStart,
 * Keyframes, Tracks, Trackability) and the public OpenPose→Kinovea converter's Track layout
 * (TrackPointList Count / UserUnitLength="px", TrackPoint "x;y;t", MainLabel, DrawingStyle).
 * Time stamps: we declare 1000 time stamps per frame from 0, so a time stamp is frame_nr × 1000;
 * Kinovea rescales time stamps to the video's own time base when they differ.
 * Keyframe comments are Kinovea's rich-text (a XAML FlowDocument, escaped as text).
 * The coach's drawings go into the key frames as Kinovea drawings (./kva-drawings.ts).
 */
import { randomUUID } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { sideJoints } from '../pose/h36m.js';
import { kpIndex } from '../pose/pose-track.js';
import type { FeatureRow, SessionDetail } from '../library/library-types.js';
import type { Drawing } from '../drawings/drawing.js';
import { poseIndexOfFrameNr } from '../drawings/geometry.js';
import { kvaDrawing, type KvaDrawing } from './kva-drawings.js';

/** Time stamps per frame declared in the file (AverageTimeStampsPerFrame). */
export const KVA_TIMESTAMPS_PER_FRAME = 1000;

/** One keyframe: a swing event and the features measured at it. */
export interface KvaKeyframe {
  frameNr: number;
  timestamp: number;
  title: string;
  lines: string[];
}

/** Groups features by their event into keyframes, sorted by time. */
export function kvaKeyframes(features: readonly FeatureRow[]): KvaKeyframe[] {
  const byFrame = new Map<number, KvaKeyframe>();
  for (const f of features) {
    const k = byFrame.get(f.event.frame_nr) ?? {
      frameNr: f.event.frame_nr,
      timestamp: f.event.timestamp,
      title: humanize(f.event.name),
      lines: [],
    };
    const unit = typeof f.unit === 'string' ? ` ${f.unit}` : '';
    k.lines.push(`${f.feature_human_readable_name}: ${round(f.value)}${unit}, score ${Math.round(f.score)} (${f.level}). ${f.observation} ${f.suggestion}`);
    byFrame.set(f.event.frame_nr, k);
  }
  return [...byFrame.values()].sort((a, b) => a.frameNr - b.frameNr);
}

/**
 * The .kva XML for a session. `videoFileName` is the name of the video the sidecar sits next to;
 * `drawings` (the session's, main/library/drawings.ts) join the key frames at their first shown
 * frame (a key frame of their own when no feature event is there).
 * @throws Error when the session has no 2D pose.
 */
export function sessionKva(detail: SessionDetail, videoFileName: string, drawings: readonly Drawing[] = []): string {
  const pose = detail.pose2d;
  if (!pose) throw new Error(`session ${detail.session.id} has no 2D pose to export`);
  const ts = (frame: number) => frame * KVA_TIMESTAMPS_PER_FRAME;
  const wrist = sideJoints(detail.player.dominantHand).wrist;
  const points: { '#text': string; '@_UserX': string; '@_UserY': string; '@_UserTime': string }[] = [];
  for (let f = 0; f < pose.frames; f++) {
    if (!pose.present[f]) continue;
    const i = kpIndex(pose, f, wrist);
    const x = pose.keypoints[i] ?? NaN;
    const y = pose.keypoints[i + 1] ?? NaN;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const frameNr = pose.frameNr[f] ?? f;
    points.push({
      '#text': `${round(x)};${round(y)};${ts(frameNr)}`,
      '@_UserX': String(round(x)),
      '@_UserY': String(round(y)),
      '@_UserTime': timecode(pose.timestamps[f] ?? 0),
    });
  }
  const first = points[0]?.['#text'].split(';') ?? ['0', '0', '0'];
  const placed = drawings.flatMap((d) => kvaDrawing(d, pose, ts) ?? []);
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    KinoveaVideoAnalysis: {
      FormatVersion: '2.0',
      Producer: 'Swing Studio 0.1.0',
      OriginalFilename: videoFileName,
      ImageSize: `${detail.session.width};${detail.session.height}`,
      AverageTimeStampsPerFrame: KVA_TIMESTAMPS_PER_FRAME,
      // Kinovea's capture frame rate: the camera's (slow motion) when the coach gave it.
      CaptureFramerate: detail.session.captureFps ?? detail.session.fps,
      UserFramerate: detail.session.fps,
      FirstTimeStamp: 0,
      SelectionStart: 0,
      Keyframes: { Keyframe: keyframesXml(detail, kvaKeyframes(detail.features), placed, ts) },
      Tracks: {
        Track: {
          '@_id': randomUUID(),
          '@_name': `${detail.player.dominantHand === 'right' ? 'Right' : 'Left'} wrist`,
          TimePosition: first[2],
          Mode: 'Complete',
          ExtraData: 'None',
          Marker: 'Cross',
          DisplayBestFitCircle: 'false',
          TrackPointList: { '@_Count': points.length, '@_UserUnitLength': 'px', TrackPoint: points },
          MainLabel: { '@_Text': 'Dominant wrist', SpacePosition: `${first[0]};${first[1]}`, TimePosition: first[2] },
          DrawingStyle: {
            Color: { '@_Key': 'color', Value: '255;255;61;0' },
            LineSize: { '@_Key': 'line size', Value: 2 },
            TrackShape: { '@_Key': 'track shape', Value: 'Solid;false' },
          },
        },
      },
      Trackability: placed.some((p) => p.trackable) ? { TrackableDrawing: placed.flatMap((p) => (p.trackable ? [p.trackable] : [])) } : '',
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true, suppressBooleanAttributes: false });
  return builder.build(doc);
}

/**
 * The Keyframe elements: the feature events' (title and comment) and the drawings' (in the key
 * frame of their first shown frame; Kinovea writes Position, Title, Comment, then Drawings).
 */
function keyframesXml(detail: SessionDetail, events: readonly KvaKeyframe[], placed: readonly KvaDrawing[], ts: (frameNr: number) => number): Record<string, unknown>[] {
  const byFrame = new Map<number, { title: string; timestamp: number; lines: string[]; drawings: KvaDrawing[] }>();
  for (const k of events) byFrame.set(k.frameNr, { title: k.title, timestamp: k.timestamp, lines: k.lines, drawings: [] });
  const pose = detail.pose2d;
  for (const p of placed) {
    const k = byFrame.get(p.frameNr);
    if (k) {
      k.drawings.push(p);
      continue;
    }
    const i = pose ? poseIndexOfFrameNr(pose, p.frameNr) : -1;
    const timestamp = pose && i >= 0 ? (pose.timestamps[i] ?? 0) : p.frameNr / (detail.session.fps || 30);
    byFrame.set(p.frameNr, { title: 'Drawings', timestamp, lines: [], drawings: [p] });
  }
  return [...byFrame.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([frameNr, k]) => {
      const drawingsXml: Record<string, unknown[]> = {};
      for (const p of k.drawings) (drawingsXml[p.element] ??= []).push(p.xml);
      return {
        '@_id': randomUUID(),
        Position: { '#text': ts(frameNr), '@_UserTime': timecode(k.timestamp) },
        Title: k.title,
        ...(k.lines.length > 0 ? { Comment: flowDocument(k.lines) } : {}),
        ...(k.drawings.length > 0 ? { Drawings: drawingsXml } : {}),
      };
    });
}

/** Kinovea's rich-text comment: a XAML FlowDocument, one paragraph per line (escaped by the builder). */
function flowDocument(lines: readonly string[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const paragraphs = lines.map((l) => `<Paragraph>${esc(l)}</Paragraph>`).join('');
  return `<FlowDocument PagePadding="5,0,5,0" AllowDrop="True" xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation">${paragraphs}</FlowDocument>`;
}

/** h:mm:ss.fff */
function timecode(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = ((ms % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${h}:${String(m).padStart(2, '0')}:${s}`;
}

function humanize(name: string): string {
  const s = name.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/**
 * Data exports of a real analysed session: CSV, pose CSV, JSON (with its schema), archive, TRC
 * and KVA, each parsed back and compared with the library's values.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive } from '../../main/archive/read.js';
import { AnalysisExport } from '../../main/export/analysis-json.js';
import { FEATURES_CSV_COLUMNS } from '../../main/export/features-csv.js';
import { KVA_TIMESTAMPS_PER_FRAME } from '../../main/export/kva.js';
import { poseCsvColumns } from '../../main/export/pose-csv.js';
import { sessionReportHtml } from '../../main/export/report/session-report.js';
import { exportSession } from '../../main/export/session-export.js';
import { getSessionDetail } from '../../main/library/detail.js';
import { setCaptureFps } from '../../main/library/recompute.js';
import { TRC_MARKERS } from '../../main/export/trc.js';
import { kpIndex } from '../../main/pose/pose-track.js';
import { sessionFixture, type SessionFixture } from './session-fixture.js';

let fx: SessionFixture;
beforeAll(async () => {
  fx = await sessionFixture();
  mkdirSync(fx.out, { recursive: true });
});
afterAll(() => fx?.close());

describe('session data exports', () => {
  it('csv: one row per feature with the stored values', async () => {
    const [file] = await exportSession(fx.db, fx.sessionId, 'csv', join(fx.out, 'features.csv'));
    const rows = parse<Record<string, string>>(readFileSync(file!), { columns: true });
    expect(Object.keys(rows[0]!)).toEqual([...FEATURES_CSV_COLUMNS]);
    expect(rows).toHaveLength(fx.detail.features.length);
    // 4 on 2026-11-23: without its capture rate the clip looks slowed, so it is measured on the
    // guessed clock with its 4 speed and timing features left out (main/analysis/README.md "Slow
    // motion"); as at 240 fps, the cut starts inside the backswing (separation and unit turn left
    // out) and the hitting wrist is lost at this cut's contact.
    expect(fx.detail.features.length).toBeGreaterThanOrEqual(4);
    for (const f of fx.detail.features) {
      const r = rows.find((x) => x.feature_name === f.feature_name)!;
      expect(Number(r.value)).toBe(f.value);
      expect(Number(r.score)).toBe(f.score);
      expect(r.level).toBe(f.level);
      expect(r.player).toBe('Roger Test');
      expect(Number(r.event_frame_nr)).toBe(f.event.frame_nr);
      expect([r.capture_fps, r.time_base]).toEqual(['', 'video']);
    }
  });

  it('pose-csv: every frame, 2D and 3D, values as stored', async () => {
    const files = await exportSession(fx.db, fx.sessionId, 'pose-csv', join(fx.out, 'pose.csv'));
    expect(files).toHaveLength(2);
    for (const [file, track] of [[files[0]!, fx.detail.pose2d!], [files[1]!, fx.detail.pose3d!]] as const) {
      const rows = parse<Record<string, string>>(readFileSync(file), { columns: true });
      expect(Object.keys(rows[0]!)).toEqual(poseCsvColumns(track.dims));
      expect(rows).toHaveLength(track.frames);
      const f = Math.floor(track.frames / 2);
      expect(Number(rows[f]!.time_s)).toBeCloseTo(track.timestamps[f]!, 5);
      if (track.present[f]) {
        const tol = track.dims === 2 ? 0.006 : 0.0001;
        expect(Math.abs(Number(rows[f]!.right_wrist_x) - track.keypoints[kpIndex(track, f, 16)]!)).toBeLessThan(tol);
      }
    }
  });

  it('json: validates against its schema and equals the library', async () => {
    const [file, schema] = await exportSession(fx.db, fx.sessionId, 'json', join(fx.out, 'analysis.json'));
    const json = AnalysisExport.parse(JSON.parse(readFileSync(file!, 'utf8')));
    expect(JSON.parse(readFileSync(schema!, 'utf8'))).toHaveProperty('properties.schema_version');
    expect(json.result.features.map((f) => [f.feature_name, f.value, f.score])).toEqual(fx.detail.features.map((f) => [f.feature_name, f.value, f.score]));
    expect(json.pose_2d!.annotation_data).toHaveLength(fx.detail.pose2d!.frames);
    expect(json.session.notes).toBe('Good shape; work on the unit turn.');
    expect(json.session.tags.sort()).toEqual(['forehand', 'week-45']);
  });

  it('archive: the stored ZIP, readable, with the same pose', async () => {
    const [file] = await exportSession(fx.db, fx.sessionId, 'archive', join(fx.out, 'analysis.zip'));
    const a = readArchive(file!);
    expect(a.pose2d.frames).toBe(fx.detail.pose2d!.frames);
    expect(Array.from(a.pose3d.keypoints.subarray(0, 51))).toEqual(Array.from(fx.detail.pose3d!.keypoints.subarray(0, 51)));
  });

  it('trc: Sports2D layout, frame count and times consistent with the clip', async () => {
    const [file] = await exportSession(fx.db, fx.sessionId, 'trc', join(fx.out, 'pose.trc'));
    const lines = readFileSync(file!, 'utf8').trimEnd().split('\n');
    const pose = fx.detail.pose2d!;
    expect(lines[0]).toMatch(/^PathFileType\t4\t\(X\/Y\/Z\)\tpose\.trc$/);
    const [rate, , numFrames, numMarkers, units] = lines[2]!.split('\t');
    expect(Number(numFrames)).toBe(pose.frames);
    expect(Number(numMarkers)).toBe(TRC_MARKERS.length);
    expect(units).toBe('m');
    expect(Number(rate)).toBeCloseTo(fx.detail.session.fps, 0);
    expect(lines[3]!.split('\t').filter(Boolean)).toEqual(['Frame#', 'Time', ...TRC_MARKERS.map(([n]) => n)]);
    const data = lines.slice(5).map((l) => l.split('\t'));
    expect(data).toHaveLength(pose.frames);
    data.forEach((cells, f) => {
      expect(cells).toHaveLength(2 + 3 * TRC_MARKERS.length);
      expect(Number(cells[1])).toBeCloseTo(pose.timestamps[f]!, 6);
    });
    const rbigtoe = TRC_MARKERS.findIndex(([n]) => n === 'RBigToe');
    expect(data[0]!.slice(2 + rbigtoe * 3, 5 + rbigtoe * 3)).toEqual(['NaN', 'NaN', 'NaN']);
    const f = data.findIndex((_, i) => pose.present[i]);
    const rwrist = TRC_MARKERS.findIndex(([n]) => n === 'RWrist');
    expect(Number(data[f]![2 + rwrist * 3])).toBeCloseTo(pose.keypoints[kpIndex(pose, f, 16)]! / 1000, 6);
    expect(Number(data[f]![3 + rwrist * 3])).toBeCloseTo(-pose.keypoints[kpIndex(pose, f, 16) + 1]! / 1000, 6);
  });

  it('kva: well-formed KVA 2.0 with keyframes at the events and the wrist track', async () => {
    const files = await exportSession(fx.db, fx.sessionId, 'kva', join(fx.out, 'forehand.kva'));
    expect(files[1]).toBe(join(fx.out, 'forehand.mp4'));
    const xml = readFileSync(files[0]!, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (n) => ['Keyframe', 'TrackPoint'].includes(n) }).parse(xml) as {
      KinoveaVideoAnalysis: Record<string, unknown> & { Keyframes: { Keyframe: { Position: { '#text': number }; Title: string; Comment: string }[] }; Tracks: { Track: { TrackPointList: { '@_Count': string; TrackPoint: { '#text': string }[] } } } };
    };
    const k = doc.KinoveaVideoAnalysis;
    expect(k.FormatVersion).toBe('2.0');
    expect(k.OriginalFilename).toBe('forehand.mp4');
    expect(k.ImageSize).toBe(`${fx.detail.session.width};${fx.detail.session.height}`);
    const events = new Set(fx.detail.features.map((f) => f.event.frame_nr));
    expect(k.Keyframes.Keyframe).toHaveLength(events.size);
    for (const kf of k.Keyframes.Keyframe) {
      expect(events.has(Number(kf.Position['#text']) / KVA_TIMESTAMPS_PER_FRAME)).toBe(true);
      expect(kf.Comment).toContain('FlowDocument');
    }
    const pts = k.Tracks.Track.TrackPointList;
    expect(Number(pts['@_Count'])).toBe(pts.TrackPoint.length);
    expect(pts.TrackPoint.length).toBeGreaterThan(fx.detail.pose2d!.frames * 0.8);
    const times = pts.TrackPoint.map((p) => Number(p['#text'].split(';')[2]) / KVA_TIMESTAMPS_PER_FRAME);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(Math.max(...times)).toBeLessThan(fx.detail.pose2d!.frames);
  });

  it('a session without analysis or an unknown id is refused with a clear error', async () => {
    await expect(exportSession(fx.db, 9999, 'csv', join(fx.out, 'x.csv'))).rejects.toThrow('no session with id 9999');
    await expect(exportSession(fx.db, fx.sessionId, 'mp4', join(fx.out, 'x.mp4'), { feature: 'nope' })).rejects.toThrow('has no feature "nope"');
  });
});

describe('exports of a session with a capture frame rate (slow motion)', () => {
  it('csv and json carry the capture rate and real-time units; the report and the KVA say so', async () => {
    setCaptureFps(fx.db, fx.sessionId, 240);
    const [file] = await exportSession(fx.db, fx.sessionId, 'csv', join(fx.out, 'features-240.csv'));
    const rows = parse<Record<string, string>>(readFileSync(file!), { columns: true });
    // 6 on 2026-11-23: at 240 fps the speeds are scored; the engine loses the hitting wrist at
    // this cut's contact (wrist features left out) and the cut starts inside the backswing.
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const r of rows) expect([r.capture_fps, r.time_base]).toEqual(['240', 'real']);
    const html = sessionReportHtml(getSessionDetail(fx.db, fx.sessionId)!, []);
    expect(html).toContain('Capture rate: capture 240 fps (8.0× slow motion). Speeds and durations in real seconds: recorded at capture 240 fps');
    expect(html).toContain('video time (s)');
    const [json] = await exportSession(fx.db, fx.sessionId, 'json', join(fx.out, 'slow.json'));
    const exported = AnalysisExport.parse(JSON.parse(readFileSync(json!, 'utf8')));
    expect([exported.session.capture_fps, exported.result.capture_fps]).toEqual([240, 240]);
    const [kva] = await exportSession(fx.db, fx.sessionId, 'kva', join(fx.out, 'slow.kva'));
    expect(readFileSync(kva!, 'utf8')).toMatch(/<CaptureFramerate>240<\/CaptureFramerate>\s*<UserFramerate>29\.97/);
  });
});

/**
 * Reads an OpenSim/Pose2Sim TRC marker file (tab-separated: header rows with `Units`, a
 * `Frame# Time <marker>…` row, an `X1 Y1 Z1 …` row, then one row per frame) and maps Pose2Sim's
 * BODY_25B-derived markers onto H36M-17 joints.
 */
import { readFileSync } from 'node:fs';
import { mid, type Vec3 } from '../../main/pose/vec3.js';
import { H36M_JOINT_COUNT, J } from '../../main/pose/h36m.js';

/** A TRC file: marker positions per frame, metres. */
export interface TrcData {
  markers: string[];
  /** 1-based frame numbers as written in the file. */
  frameNumbers: number[];
  /** Seconds, as written. */
  times: number[];
  /** [frame][marker] position in metres (NaN when blank). */
  positions: Vec3[][];
  dataRate: number;
}

const UNIT_TO_M: Readonly<Record<string, number>> = { m: 1, mm: 0.001, cm: 0.01 };

/**
 * Parses a TRC file; positions are converted to metres from the header's `Units` (m, cm, mm).
 * @throws Error when the header lacks `Units`, `DataRate` or the `Frame#` row, or the unit is unknown.
 */
export function readTrc(path: string): TrcData {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const keyRow = lines.findIndex((l) => l.startsWith('DataRate'));
  const nameRow = lines.findIndex((l) => l.startsWith('Frame#'));
  if (keyRow < 0 || nameRow < 0) throw new Error(`${path}: not a TRC file (no DataRate or Frame# row)`);
  const keys = lines[keyRow]!.split('\t');
  const vals = (lines[keyRow + 1] ?? '').split('\t');
  const unit = vals[keys.indexOf('Units')] ?? '';
  const toM = UNIT_TO_M[unit];
  if (toM === undefined) throw new Error(`${path}: unknown TRC unit "${unit}"`);
  const markers = lines[nameRow]!.split('\t')
    .slice(2)
    .filter((s) => s.trim() !== '');
  const out: TrcData = {
    markers,
    frameNumbers: [],
    times: [],
    positions: [],
    dataRate: Number(vals[keys.indexOf('DataRate')]),
  };
  for (const l of lines.slice(nameRow + 1)) {
    const f = l.split('\t');
    if (!/^\d+$/.test(f[0] ?? '')) continue;
    out.frameNumbers.push(Number(f[0]));
    out.times.push(Number(f[1]));
    out.positions.push(
      markers.map(
        (_, m): Vec3 =>
          [0, 1, 2].map((k) => (f[2 + 3 * m + k] ? Number(f[2 + 3 * m + k]) * toM : NaN)) as Vec3,
      ),
    );
  }
  return out;
}

/**
 * H36M-17 joints from Pose2Sim markers, per frame (metres, the TRC's axes: y up): hips, knees,
 * ankles, shoulders, elbows, wrists copied; pelvis = mid(LHip, RHip); thorax =
 * mid(LShoulder, RShoulder) and spine = mid(pelvis, thorax), as the engine defines them
 * (main/engine/coco-to-h36m.ts); neck_nose = Nose; head = Head (Pose2Sim's head marker, not the
 * eyes' midpoint: do not compare it). Null where a marker is missing.
 * @throws Error when a needed marker name is not in the file.
 */
export function trcToH36m(trc: TrcData): (Vec3 | null)[][] {
  const idx = (n: string) => {
    const i = trc.markers.indexOf(n);
    if (i < 0) throw new Error(`TRC marker ${n} missing (have ${trc.markers.join(', ')})`);
    return i;
  };
  const copy: [number, string][] = [
    [J.rightHip, 'RHip'],
    [J.rightKnee, 'RKnee'],
    [J.rightAnkle, 'RAnkle'],
    [J.leftHip, 'LHip'],
    [J.leftKnee, 'LKnee'],
    [J.leftAnkle, 'LAnkle'],
    [J.neckNose, 'Nose'],
    [J.head, 'Head'],
    [J.leftShoulder, 'LShoulder'],
    [J.leftElbow, 'LElbow'],
    [J.leftWrist, 'LWrist'],
    [J.rightShoulder, 'RShoulder'],
    [J.rightElbow, 'RElbow'],
    [J.rightWrist, 'RWrist'],
  ];
  const cols = copy.map(([j, n]) => [j, idx(n)] as const);
  return trc.positions.map((row) => {
    const out: (Vec3 | null)[] = new Array<Vec3 | null>(H36M_JOINT_COUNT).fill(null);
    for (const [j, m] of cols) out[j] = row[m]!.every(Number.isFinite) ? row[m]! : null;
    const both = (a: number, b: number) => (out[a] && out[b] ? mid(out[a], out[b]) : null);
    out[J.pelvis] = both(J.leftHip, J.rightHip);
    out[J.thorax] = both(J.leftShoulder, J.rightShoulder);
    out[J.spine] = both(J.pelvis, J.thorax);
    return out;
  });
}

/**
 * Standing height estimate from a TRC, metres: the 95th percentile over frames of the Head
 * marker's height above the lowest foot marker (RHeel, LHeel, RBigToe, LBigToe, y up), i.e. the
 * subject standing upright (the median is lower: the trunk bends during the movement).
 * Pose2Sim's head marker sits near the top of the head and the foot markers 2–10 cm above the
 * floor, so this is close to stature (1.64 m on balance_portrait_60fps_1, hip at 0.90 m).
 * @throws Error when those markers are missing.
 */
export function trcStature(trc: TrcData): number {
  const head = trc.markers.indexOf('Head');
  const feet = ['RHeel', 'LHeel', 'RBigToe', 'LBigToe'].map((n) => trc.markers.indexOf(n));
  if (head < 0 || feet.some((i) => i < 0))
    throw new Error('TRC needs Head, RHeel, LHeel, RBigToe and LBigToe markers');
  const h = trc.positions
    .map((row) => row[head]![1] - Math.min(...feet.map((i) => row[i]![1])))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return h[Math.min(h.length - 1, Math.floor(0.95 * h.length))] ?? NaN;
}

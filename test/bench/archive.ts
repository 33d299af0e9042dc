/**
 * Archive benchmark: decoding a 10 s clip's 2D + 3D pose (300 frames, H36M) from the archive's
 * protobuf entries into PoseTracks, against JSON.parse of the same pose as API.md JSON
 * (video_entry_2D_json / video_entry_3D_json). Goal: protobuf decode ≥ 3× faster.
 * Also reports the whole readArchive (unzip + CRC + decode + technique_analysis.json).
 * Run: npx tsx test/bench/archive.ts.
 */
import { performance } from 'node:perf_hooks';
import AdmZip from 'adm-zip';
import { decodePoseEntry } from '../../main/archive/pose-decode.js';
import { readArchive } from '../../main/archive/read.js';
import { buildArchive } from '../../main/archive/write.js';
import { poseTrackFromJson, poseTrackToJson } from '../../main/pose/pose-track.js';
import type { VideoEntryJson } from '../../main/contract/technique-schema.js';
import { syntheticDoneLine, syntheticPoseTrack } from '../support/fixtures.js';

function median(runs: number, fn: () => void): number {
  for (let i = 0; i < 20; i++) fn(); // warm-up (JIT)
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)] ?? NaN;
}

/** Runs the benchmark; returns medians in ms and the speed ratio. */
export function benchArchive(frames = 300): Record<string, number> {
  const pose2d = syntheticPoseTrack(2, { frames });
  const pose3d = syntheticPoseTrack(3, { frames });
  const zipBytes = buildArchive({ pose2d, pose3d, analysis: syntheticDoneLine({ pose2d, pose3d }) });
  const zip = new AdmZip(zipBytes);
  const pb2 = zip.getEntry('video_entry_2d.pb')?.getData() ?? Buffer.alloc(0);
  const pb3 = zip.getEntry('video_entry_3d.pb')?.getData() ?? Buffer.alloc(0);
  const json2 = JSON.stringify(poseTrackToJson(pose2d));
  const json3 = JSON.stringify(poseTrackToJson(pose3d));
  const pbMs = median(200, () => {
    decodePoseEntry(pb2, '2d', 2);
    decodePoseEntry(pb3, '3d', 3);
  });
  const jsonParseMs = median(200, () => {
    JSON.parse(json2);
    JSON.parse(json3);
  });
  const jsonToTrackMs = median(200, () => {
    poseTrackFromJson(JSON.parse(json2) as VideoEntryJson);
    poseTrackFromJson(JSON.parse(json3) as VideoEntryJson);
  });
  const readArchiveMs = median(100, () => readArchive(zipBytes));
  return {
    pbMs,
    jsonParseMs,
    jsonToTrackMs,
    readArchiveMs,
    speedup: jsonParseMs / pbMs,
    pbBytes: pb2.length + pb3.length,
    jsonBytes: json2.length + json3.length,
    zipBytes: zipBytes.length,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = benchArchive();
  console.log(`pose 2D+3D, 300 frames: protobuf ${r.pbBytes} B, API.md JSON ${r.jsonBytes} B, whole archive ${r.zipBytes} B`);
  console.log(`protobuf decode → PoseTracks: ${r.pbMs?.toFixed(3)} ms`);
  console.log(`JSON.parse alone: ${r.jsonParseMs?.toFixed(3)} ms; JSON.parse + poseTrackFromJson: ${r.jsonToTrackMs?.toFixed(3)} ms`);
  console.log(`speed-up vs JSON.parse: ${r.speedup?.toFixed(1)}× (goal ≥ 3×)`);
  console.log(`readArchive (unzip, CRC, decode both, parse technique_analysis.json): ${r.readArchiveMs?.toFixed(3)} ms`);
}

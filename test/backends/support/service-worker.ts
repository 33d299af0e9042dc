/**
 * A worker_threads stand-in for Electron's analysis utility process (test/backends/
 * utility-worker.test.ts): runs main/electron/service-host.ts as service-entry.ts does, with an
 * Electron-shaped parent port (messages `{data, ports}`) and each analysis port wrapped as a
 * MessagePortMain (message events `{data}`, messages held until start()) and adapted by the real
 * main/electron/analysis-port.ts. The analysis glue replays the real analysed clip
 * (test/support/analysed-clip.ts), answers tennis statistics with `{file, hand}`, or, by the mode the test posts (`{control: 'mode', mode}`),
 * fails (`error`) or runs until aborted (`hold`: posts `{control: 'holding'}`, then
 * `{control: 'aborted'}` when it is).
 */
import { EventEmitter } from 'node:events';
import { fromText } from '../../../main/contract/warning.js';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { MessagePortMain } from 'electron';
import { electronAnalysisPort } from '../../../main/electron/analysis-port.js';
import { hostService, type ParentLike } from '../../../main/electron/service-host.js';
import { probeVideo } from '../../../main/av/index.js';
import { poseTrackFromJson } from '../../../main/pose/pose-track.js';
import { techniquePipeline } from '../../../main/pipeline/technique-pipeline.js';
import type { AnalysisPipeline, TechniqueOutcome } from '../../../main/pipeline/pipeline-types.js';
import { analysedClip } from '../../support/analysed-clip.js';

const parent = parentPort;
if (!parent) throw new Error('service-worker.ts runs in a Worker');
let mode: 'done' | 'error' | 'hold' = 'done';
parent.on('message', (m: { control?: string; mode?: typeof mode }) => {
  if (m.control === 'mode' && m.mode) mode = m.mode;
});

const electronParent: ParentLike<MessagePort> = {
  postMessage: (m) => parent.postMessage(m),
  on: (_event, listener) => parent.on('message', (m: { data?: unknown; ports?: MessagePort[] }) => m.data !== undefined && listener({ data: m.data, ports: m.ports ?? [] })),
};

/** A worker_threads port with MessagePortMain's shape: `{data}` events, queued until start(). */
function asMessagePortMain(port: MessagePort): MessagePortMain {
  const ee = new EventEmitter();
  const held: unknown[] = [];
  let started = false;
  port.on('message', (data: unknown) => (started ? ee.emit('message', { data, ports: [] }) : held.push(data)));
  port.on('close', () => ee.emit('close'));
  const shaped: unknown = Object.assign(ee, {
    postMessage: (m: unknown) => port.postMessage(m),
    close: () => port.close(),
    start: () => {
      started = true;
      for (const d of held.splice(0)) ee.emit('message', { data: d, ports: [] });
    },
  });
  return shaped as MessagePortMain;
}

const tick = () => new Promise((r) => setTimeout(r, 5));
const pipeline: AnalysisPipeline = {
  ...techniquePipeline,
  /** Stand-in statistics `{file, hand}`; in `hold` mode a run that waits for its abort. */
  tennisStatistics(input, o) {
    if (mode !== 'hold') return Promise.resolve({ file: input, hand: o.dominantHand });
    return new Promise((_, reject) => o.signal.addEventListener('abort', () => reject(o.signal.reason as Error), { once: true }));
  },
  async analyseTechnique(_path, _meta, hooks): Promise<TechniqueOutcome> {
    if (mode === 'error') return { kind: 'no-analysis', message: 'no person found in any of the 90 decoded frames', warnings: [] };
    if (mode === 'hold') {
      hooks.onProgress?.(0.1);
      parent.postMessage({ control: 'holding' });
      return new Promise((_, reject) =>
        hooks.signal.addEventListener('abort', () => (parent.postMessage({ control: 'aborted' }), reject(hooks.signal.reason as Error)), { once: true }),
      );
    }
    const { clipPath, done } = await analysedClip();
    for (const share of [0.25, 0.5, 0.75]) {
      hooks.onProgress?.(share);
      await tick();
    }
    hooks.onWarning?.(fromText('stand-in warning from the utility process'));
    const video = await probeVideo(clipPath);
    return { kind: 'done', pose2d: poseTrackFromJson(done.video_entry_2D_json), pose3d: poseTrackFromJson(done.video_entry_3D_json), result: done.result, warnings: done.warnings.map((w) => fromText(w)), video };
  },
};

await hostService(electronParent, {
  home: (workerData as { home: string }).home,
  adaptPort: (p) => electronAnalysisPort(asMessagePortMain(p)),
  exit: (code) => process.exit(code),
  pipeline: () => Promise.resolve(pipeline),
  log: () => undefined,
});

/**
 * The job's checkpoint folder reaches the analysis pipeline (RunHooks.checkpointDir, then the
 * engine's `checkpoint.dir`, main/engine/pose-checkpoint.ts) on both direct transports: in
 * process (main/backends/direct.ts) and over the Electron utility process's MessagePort
 * (direct-port.ts), with a stand-in pipeline that records the hooks it gets.
 */
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { pipelineAnalyser } from '../../main/backends/direct.js';
import { analyserOverPort, serveAnalyserOnPort } from '../../main/backends/direct-port.js';
import { createEngineSlot } from '../../main/pipeline/engine-slot.js';
import type { AnalysisPipeline } from '../../main/pipeline/pipeline-types.js';

const META = { uid: 'ckpt-1', sport: 'tennis', swing_type: 'forehand_drive', dominant_hand: 'right', player_height_mm: 1800, store_data: false, timestamp: '2026-11-27T00:00:00' } as const;

function recording(seen: string[]): AnalysisPipeline {
  return {
    secondsPerFrame: () => 0.01,
    writeTechniqueArchive: () => Promise.resolve(),
    tennisStatistics: () => Promise.reject(new Error('not used')),
    analyseTechnique: (_path, _meta, hooks) => {
      seen.push(hooks.checkpointDir ?? 'none');
      return Promise.resolve({ kind: 'no-analysis', message: 'stand-in', warnings: [] });
    },
  };
}

describe('checkpointDir', () => {
  it('reaches the pipeline in process and over the port; absent stays absent', async () => {
    const seen: string[] = [];
    const local = pipelineAnalyser(() => Promise.resolve(recording(seen)), createEngineSlot().run);
    const signal = new AbortController().signal;
    await local.analyse('/clips/a.mp4', { ...META }, { signal, checkpointDir: '/home/jobs/7/pose' }).catch(() => undefined);
    const { port1, port2 } = new MessageChannel();
    try {
      serveAnalyserOnPort(port2, local);
      const remote = analyserOverPort(port1);
      await remote.analyse('/clips/a.mp4', { ...META }, { signal, checkpointDir: '/home/jobs/8/pose' }).catch(() => undefined);
      await remote.analyse('/clips/a.mp4', { ...META }, { signal }).catch(() => undefined);
    } finally {
      port1.close();
      port2.close();
    }
    expect(seen).toEqual(['/home/jobs/7/pose', '/home/jobs/8/pose', 'none']);
  });
});

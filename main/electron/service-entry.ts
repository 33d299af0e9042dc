/**
 * Entry of the Electron utility process that runs the local analysis service off the main
 * (UI) process: starts the service on 127.0.0.1 with an OS-chosen port and posts its address
 * `{type: 'ready', baseUrl, techniqueUrl, token}` to the parent; stops on `{type: 'stop'}`.
 * `{type: 'analysis-port'}` with a MessagePortMain serves direct analyses on that port
 * (main/backends/direct-port.ts), through the same engine slot and pipeline as the service.
 * Home folder: SWING_STUDIO_HOME set by the parent (local-service.ts).
 */
import type { ParentPort } from 'electron';
import { pipelineAnalyser } from '../backends/direct.js';
import { serveAnalyserOnPort } from '../backends/direct-port.js';
import { swingStudioHome } from '../config/home.js';
import { createEngineSlot } from '../service/engine-slot.js';
import { lazyPipeline } from '../service/pipeline-types.js';
import { startLocalService } from '../service/server.js';
import { electronAnalysisPort } from './analysis-port.js';

/** Messages between main and this process. */
export type ServiceMessage =
  | { type: 'ready'; baseUrl: string; techniqueUrl: string; token: string }
  | { type: 'failed'; message: string }
  | { type: 'stop' }
  /** Sent with one MessagePortMain: direct analyses are asked for on it. */
  | { type: 'analysis-port' };

const port = (process as unknown as { parentPort: ParentPort | null }).parentPort;
if (!port) throw new Error('service-entry must run in an Electron utility process');

const engineSlot = createEngineSlot();
const pipeline = lazyPipeline(async () => (await import('../service/technique-pipeline.js')).techniquePipeline);
const analyser = pipelineAnalyser(pipeline, engineSlot.run);

startLocalService({ home: swingStudioHome(), engineSlot, pipeline }).then(
  (service) => {
    port.postMessage({
      type: 'ready',
      baseUrl: service.baseUrl,
      techniqueUrl: service.techniqueUrl,
      token: service.token,
    } satisfies ServiceMessage);
    port.on('message', (e) => {
      const type = (e.data as ServiceMessage | undefined)?.type;
      if (type === 'stop') void service.close().finally(() => process.exit(0));
      const analysisPort = e.ports[0];
      if (type === 'analysis-port' && analysisPort) serveAnalyserOnPort(electronAnalysisPort(analysisPort), analyser);
    });
  },
  (err: unknown) => {
    port.postMessage({
      type: 'failed',
      message: err instanceof Error ? err.message : String(err),
    } satisfies ServiceMessage);
    process.exit(1);
  },
);

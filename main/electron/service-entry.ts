/**
 * Entry of the Electron utility process that runs the local analysis service off the main
 * (UI) process: starts the service on 127.0.0.1 with an OS-chosen port and posts its address
 * `{type: 'ready', baseUrl, techniqueUrl, token}` to the parent; stops on `{type: 'stop'}`.
 * Home folder: SWING_STUDIO_HOME set by the parent (local-service.ts).
 */
import type { ParentPort } from 'electron';
import { swingStudioHome } from '../config/home.js';
import { startLocalService } from '../service/server.js';

/** Messages between main and this process. */
export type ServiceMessage =
  | { type: 'ready'; baseUrl: string; techniqueUrl: string; token: string }
  | { type: 'failed'; message: string }
  | { type: 'stop' };

const port = (process as unknown as { parentPort: ParentPort | null }).parentPort;
if (!port) throw new Error('service-entry must run in an Electron utility process');

startLocalService({ home: swingStudioHome() }).then(
  (service) => {
    port.postMessage({
      type: 'ready',
      baseUrl: service.baseUrl,
      techniqueUrl: service.techniqueUrl,
      token: service.token,
    } satisfies ServiceMessage);
    port.on('message', (e) => {
      if ((e.data as ServiceMessage | undefined)?.type === 'stop')
        void service.close().finally(() => process.exit(0));
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

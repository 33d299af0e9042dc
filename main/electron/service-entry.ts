/**
 * Entry of the Electron utility process that runs the local analysis service off the main (UI)
 * process: service-host.ts with Electron's parent port and MessagePortMain adapter
 * (analysis-port.ts). Home folder: SWING_STUDIO_HOME set by the parent (local-service.ts).
 */
import type { MessagePortMain, ParentPort } from 'electron';
import { swingStudioHome } from '../config/home.js';
import { electronAnalysisPort } from './analysis-port.js';
import { hostService } from './service-host.js';

export type { ServiceMessage } from './service-host.js';

const port = (process as unknown as { parentPort: ParentPort | null }).parentPort;
if (!port) throw new Error('service-entry must run in an Electron utility process');

void hostService<MessagePortMain>(port, { home: swingStudioHome(), adaptPort: electronAnalysisPort, exit: (code) => process.exit(code) });

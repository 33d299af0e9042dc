/**
 * Electron's MessagePortMain as the direct backend's {@link AnalysisPort}
 * (main/backends/direct-port.ts). MessagePortMain transfers only ports, so the pose buffers a
 * sender lists are copied once by structured clone instead (electron/electron#34905): still
 * typed arrays, no JSON. The port is started here (Electron queues messages until start()).
 */
import type { MessagePortMain } from 'electron';
import type { AnalysisPort } from '../backends/direct-port.js';

/** Adapts `port` and starts it. */
export function electronAnalysisPort(port: MessagePortMain): AnalysisPort {
  const adapted: AnalysisPort = {
    postMessage: (message) => port.postMessage(message),
    on: (event: 'message' | 'close', listener: (data?: unknown) => void) =>
      event === 'message' ? port.on('message', (e) => listener(e.data)) : port.on('close', () => listener()),
    close: () => port.close(),
  };
  port.start();
  return adapted;
}

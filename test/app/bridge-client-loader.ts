/**
 * Loads the renderer's WebSocket bridge client (renderer/src/lib/bridge-client.ts) for Node
 * tests, through a computed path so its DOM-typed source stays out of the root tsconfig.
 */
import type { SwingStudioApi } from '../../preload/contract.js';

/** `connectBridge` of the renderer's client, with Node's WebSocket implementation passed in. */
export type ConnectBridge = (o: { origin: string; token: string; WebSocketImpl: unknown }) => Promise<SwingStudioApi & { close(): void }>;

const CLIENT_PATH = '../../renderer/src/lib/bridge-client.js';

/** Imports the client and returns its connectBridge. */
export async function loadConnectBridge(): Promise<ConnectBridge> {
  return ((await import(CLIENT_PATH)) as { connectBridge: ConnectBridge }).connectBridge;
}

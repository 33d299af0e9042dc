/**
 * Loads the renderer's WebSocket bridge client (renderer/src/lib/bridge-client.ts) for Node
 * tests, through a computed path so its DOM-typed source stays out of the root tsconfig; and
 * starts a bridge with that client connected ({@link startConnectedBridge}).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startBridge, type Bridge } from '../../main/bridge/server.js';
import type { SwingStudioApi } from '../../preload/contract.js';

/** `connectBridge` of the renderer's client, with Node's WebSocket implementation passed in. */
export type ConnectBridge = (o: { origin: string; token: string; WebSocketImpl: unknown }) => Promise<SwingStudioApi & { close(): void }>;

const CLIENT_PATH = '../../renderer/src/lib/bridge-client.js';

/** Imports the client and returns its connectBridge. */
export async function loadConnectBridge(): Promise<ConnectBridge> {
  return ((await import(CLIENT_PATH)) as { connectBridge: ConnectBridge }).connectBridge;
}

/** A running bridge over a stand-in renderer folder, and the renderer's client connected to it. */
export interface ConnectedBridge {
  bridge: Bridge;
  api: SwingStudioApi & { close(): void };
  /** Closes the client, then the bridge. */
  close(): Promise<void>;
}

/**
 * Starts the browser bridge for a library under `home` (a minimal `index.html` as the renderer
 * in `home/renderer`) and connects the renderer's client to it over a real WebSocket.
 * @throws whatever startBridge or the connection throws.
 */
export async function startConnectedBridge(home: string, version?: string): Promise<ConnectedBridge> {
  const rendererDir = join(home, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const bridge = await startBridge({ home, rendererDir, ...(version ? { version } : {}) });
  const api = await (await loadConnectBridge())({ origin: bridge.origin, token: bridge.token, WebSocketImpl: WebSocket });
  return {
    bridge,
    api,
    close: async () => {
      api.close();
      await bridge.close();
    },
  };
}

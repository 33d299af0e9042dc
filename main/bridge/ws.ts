/**
 * The contract over a WebSocket: each `invoke` message is dispatched (main/ipc/dispatch.ts, the
 * same validation as Electron's ipcMain) and answered with a `result` message; every event of
 * the hub goes to every connected page. Typed arrays travel as base64 (preload/wire.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { decodeWire, encodeWire, type InvokeMessage, type ServerMessage } from '../../preload/wire.js';
import { dispatch, type DispatchOptions } from '../ipc/dispatch.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Handlers } from '../ipc/handler-types.js';

/** Largest message a page may send, bytes (inputs are small; 1 MiB leaves room for notes). */
export const MAX_MESSAGE_BYTES = 1024 * 1024;

/** Node's fast base64 for the encoder (btoa on large pose tracks is much slower). */
const toBase64 = (b: Uint8Array): string =>
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');

/** Serialises a server message (typed arrays as base64). */
export function encodeServerMessage(msg: ServerMessage): string {
  return encodeWire(msg, toBase64);
}

/** Text of a ws message (Buffer, fragments or ArrayBuffer). */
function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

function parseInvoke(text: string): InvokeMessage | null {
  let msg: unknown;
  try {
    msg = decodeWire(text);
  } catch {
    return null;
  }
  const m = msg as Partial<InvokeMessage> | null;
  if (m?.type !== 'invoke' || typeof m.id !== 'number' || !Number.isSafeInteger(m.id)) return null;
  return m as InvokeMessage;
}

/** The bridge's WebSocket side. */
export interface BridgeSockets {
  /** Completes an HTTP upgrade the caller has already authorised. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Number of connected pages. */
  clients(): number;
  close(): Promise<void>;
}

/** Creates the WebSocket side over `handlers`, forwarding `events` to every page. */
export function createBridgeSockets(
  handlers: Handlers,
  events: EventHub,
  opts: DispatchOptions = {},
): BridgeSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const send = (ws: WebSocket, msg: ServerMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(encodeServerMessage(msg));
  };
  const unsubscribe = events.subscribe((event, payload) => {
    const text = encodeServerMessage({ type: 'event', event, payload });
    for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  wss.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => {
      const invoke = isBinary ? null : parseInvoke(rawText(data));
      if (!invoke) {
        ws.close(1003, 'expected an invoke message');
        return;
      }
      void dispatch(handlers, invoke.channel, invoke.input, opts).then((result) =>
        send(ws, { type: 'result', id: invoke.id, result }),
      );
    });
  });

  return {
    accept(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    clients: () => wss.clients.size,
    close() {
      unsubscribe();
      for (const ws of wss.clients) ws.terminate();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

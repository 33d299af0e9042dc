/**
 * The browser side of the WebSocket bridge (main/bridge): the same {@link SwingStudioApi} as the
 * Electron preload, over `ws://127.0.0.1:<port>/ws?t=<token>`. Typed arrays in results (pose
 * tracks) arrive as base64 and are decoded back by preload/wire.ts. Events are pushed by main
 * to every connected page. When the socket drops, pending calls resolve to a 'network' failure
 * and the next call reconnects.
 *
 * Where the token comes from: `?t=` of the page address (dev-web prints that URL), else the
 * `<meta name="swing-studio-bridge" content="<token>">` the bridge writes into the page it serves.
 */
import type {
  ApiFailure,
  ApiResult,
  Channel,
  EventName,
  EventPayload,
  InvokeArgs,
  PickedVideo,
  SwingStudioApi,
} from '../../../preload/contract.js';
import { decodeWire, encodeWire, type ServerMessage } from '../../../preload/wire.js';

/** Where to connect; defaults come from the page (see the module comment). */
export interface BridgeOptions {
  /** http(s) origin of the bridge, e.g. `http://127.0.0.1:4312`. Default: `location.origin`. */
  origin?: string;
  token?: string;
  /** WebSocket constructor (tests in Node pass `ws`'s). Default: the browser's. */
  WebSocketImpl?: typeof WebSocket;
}

/** The page's bridge token: `?t=` of its address, else the meta tag; '' when neither. */
export function pageToken(): string {
  const fromUrl = new URLSearchParams(globalThis.location?.search ?? '').get('t');
  if (fromUrl) return fromUrl;
  const meta = globalThis.document?.querySelector('meta[name="swing-studio-bridge"]');
  return meta?.getAttribute('content') ?? '';
}

function failure(kind: ApiFailure['kind'], message: string, tip?: string): { ok: false; error: ApiFailure } {
  return { ok: false, error: tip === undefined ? { kind, message } : { kind, message, tip } };
}

/** A connected bridge API plus the browser-only upload of a picked file. */
export interface BridgeApi extends SwingStudioApi {
  /** Sends a file chosen with `<input type=file>` to main; the returned path is usable in jobs. */
  uploadVideo(file: File): Promise<ApiResult<'dialog.pickVideos'>>;
  /** Closes the socket; later calls reconnect. */
  close(): void;
}

/**
 * Opens the bridge and resolves once the WebSocket is connected.
 * @throws Error when no token is known or the first connection fails.
 */
export async function connectBridge(opts: BridgeOptions = {}): Promise<BridgeApi> {
  const origin = opts.origin ?? globalThis.location.origin;
  const token = opts.token ?? pageToken();
  if (!token)
    throw new Error('no bridge token: open the address printed by `npm run dev:web` (it ends in ?t=…)');
  const WS = opts.WebSocketImpl ?? globalThis.WebSocket;
  const wsUrl = `${origin.replace(/^http/, 'ws')}/ws?t=${encodeURIComponent(token)}`;

  const pending = new Map<number, (r: ApiResult<Channel>) => void>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let nextId = 1;
  let socket: Promise<WebSocket> | null = null;

  const open = (): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WS(wsUrl);
      ws.onopen = () => resolve(ws);
      ws.onerror = () => reject(new Error(`cannot connect to the Swing Studio bridge at ${origin}`));
      ws.onmessage = (ev: MessageEvent) => onMessage(String(ev.data));
      ws.onclose = () => {
        socket = null;
        for (const settle of pending.values())
          settle(
            failure(
              'network',
              'connection to Swing Studio was lost',
              'Check that `npm run dev:web` is still running, then retry.',
            ),
          );
        pending.clear();
      };
    });

  const onMessage = (text: string): void => {
    const msg = decodeWire(text) as ServerMessage;
    if (msg.type === 'result') {
      pending.get(msg.id)?.(msg.result);
      pending.delete(msg.id);
    } else if (msg.type === 'event') {
      for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
    }
  };

  const connected = (): Promise<WebSocket> => {
    socket ??= open().catch((err: unknown) => {
      socket = null;
      throw err;
    });
    return socket;
  };
  await connected();

  return {
    mode: 'browser',
    async invoke<C extends Channel>(channel: C, ...args: InvokeArgs<C>): Promise<ApiResult<C>> {
      let ws: WebSocket;
      try {
        ws = await connected();
      } catch (err) {
        return failure('network', (err as Error).message, 'Check that `npm run dev:web` is still running.');
      }
      const id = nextId++;
      return new Promise<ApiResult<C>>((resolve) => {
        pending.set(id, resolve as (r: ApiResult<Channel>) => void);
        ws.send(encodeWire({ type: 'invoke', id, channel, input: args[0] }));
      });
    },
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
    async uploadVideo(file: File): Promise<ApiResult<'dialog.pickVideos'>> {
      const url = `${origin}/upload?t=${encodeURIComponent(token)}&name=${encodeURIComponent(file.name)}`;
      try {
        const res = await fetch(url, {
          method: 'POST',
          body: file,
          headers: { 'content-type': 'application/octet-stream' },
        });
        const body = (await res.json()) as ApiResult<'dialog.pickVideos'>;
        return body;
      } catch (err) {
        return failure('network', `upload of ${file.name} failed: ${(err as Error).message}`);
      }
    },
    close(): void {
      void socket?.then((ws) => ws.close());
    },
  };
}

/** Re-exported for callers that type the upload result. */
export type { PickedVideo };

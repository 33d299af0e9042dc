/**
 * The Electron preload (sandboxed, context-isolated): exposes `window.swingStudio`, the
 * {@link SwingStudioApi} of the contract, built by iterating the generated channel and event
 * name lists. Only `ipcRenderer.invoke` on a known channel and `ipcRenderer.on` for a known
 * event are reachable from the page; the IPC event object never is. Bundled into one CommonJS
 * file (dist/preload/index.cjs) by `npm run build:preload`, because a sandboxed preload can only
 * `require('electron')`.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { ApiResult, Channel, EventName, EventPayload, InvokeArgs, SwingStudioApi } from './contract.js';
import { CHANNELS, EVENT_NAMES } from './channels.gen.js';

const channels: ReadonlySet<string> = new Set(CHANNELS);
const events: ReadonlySet<string> = new Set(EVENT_NAMES);

const api: SwingStudioApi = {
  mode: 'electron',
  invoke<C extends Channel>(channel: C, ...args: InvokeArgs<C>): Promise<ApiResult<C>> {
    if (!channels.has(channel)) {
      return Promise.resolve({
        ok: false,
        error: { kind: 'input', message: `unknown channel ${String(channel)}` },
      });
    }
    return ipcRenderer.invoke(channel, args[0]) as Promise<ApiResult<C>>;
  },
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    if (!events.has(event)) throw new Error(`unknown event ${String(event)}`);
    const wrapped = (_e: IpcRendererEvent, payload: EventPayload<E>): void => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('swingStudio', api);

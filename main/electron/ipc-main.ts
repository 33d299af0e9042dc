/**
 * Registers the contract on ipcMain: one `ipcMain.handle` per channel of the generated list,
 * each checking the sender (sender.ts) and then running the shared dispatcher (validation,
 * handler, typed errors). Events of the hub go to the window with webContents.send.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../preload/channels.gen.js';
import type { ApiResult, Channel } from '../../preload/contract.js';
import { dispatch, type DispatchOptions } from '../ipc/dispatch.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Handlers } from '../ipc/handler-types.js';
import { isTrustedSender } from './sender.js';

/** The answer to a call from a frame that is not our app page. */
const UNTRUSTED: ApiResult<Channel> = {
  ok: false,
  error: { kind: 'auth', message: 'call refused: it does not come from the Swing Studio window' },
};

/**
 * Handles every channel and forwards events to the current window.
 * @returns a function that removes the handlers and the event forwarding.
 */
export function registerIpc(
  handlers: Handlers,
  events: EventHub,
  window: () => BrowserWindow | null,
  opts: DispatchOptions = {},
): () => void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame;
      const facts = {
        webContentsId: event.sender.id,
        frameUrl: frame?.url ?? '',
        isTopFrame: frame !== null && frame.parent === null,
      };
      const win = window();
      if (!isTrustedSender(facts, win && !win.isDestroyed() ? win.webContents.id : null)) return UNTRUSTED;
      return dispatch(handlers, channel, input, opts);
    });
  }
  const unsubscribe = events.subscribe((event, payload) => {
    const win = window();
    if (win && !win.isDestroyed()) win.webContents.send(event, payload);
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}

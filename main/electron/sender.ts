/**
 * Whether an IPC call comes from the app's own window and page: the sending webContents is our
 * main window's and the sending frame is a top-level app:// page. Anything else (a devtools
 * extension, a navigated or injected frame) is refused before validation.
 */
import { APP_ORIGIN } from './app-files.js';

/** What ipc-main.ts reads from an IpcMainInvokeEvent. */
export interface SenderFacts {
  /** event.sender.id */
  webContentsId: number;
  /** event.senderFrame?.url ('' when the frame is gone). */
  frameUrl: string;
  /** Whether the sending frame is the top frame (event.senderFrame?.parent === null). */
  isTopFrame: boolean;
}

/** True when the call may be dispatched. */
export function isTrustedSender(facts: SenderFacts, windowWebContentsId: number | null): boolean {
  if (windowWebContentsId === null || facts.webContentsId !== windowWebContentsId || !facts.isTopFrame)
    return false;
  try {
    const u = new URL(facts.frameUrl);
    return `${u.protocol}//${u.host}` === APP_ORIGIN;
  } catch {
    return false;
  }
}

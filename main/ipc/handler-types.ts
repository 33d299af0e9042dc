/**
 * The main-process side of the contract: the handler map (one function per channel, typed from
 * CONTRACT) and what the handlers need from the running app.
 */
import type { ApiValue, Channel, EventName, EventPayload, ParsedRequest } from '../../preload/contract.js';
import type { BackendResolver } from '../backends/index.js';
import type { JobQueue } from '../jobs/queue.js';
import type { WritableDb } from '../library/db.js';
import type { PickedFiles } from '../media/picked.js';
import type { SecretBox } from '../settings/api-key.js';
import type { HtmlToPdf } from '../export/session-export.js';

/** One handler: the validated input → the channel's value (or a thrown error, see errors.ts). */
export type Handler<C extends Channel> = (input: ParsedRequest<C>) => Promise<ApiValue<C>> | ApiValue<C>;

/** Every channel's handler: a mapped type over CONTRACT, so a missing channel does not compile. */
export type Handlers = { [C in Channel]: Handler<C> };

/** Sends an event to every renderer (Electron window, bridge clients). */
export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** What the handlers work with. Built by main/ipc/services.ts (Electron app, dev-web, tests). */
export interface HandlerDeps {
  /** Open library (main/library/db.ts openLibrary). */
  db: WritableDb;
  /** Swing Studio home folder. */
  home: string;
  jobs: JobQueue;
  backends: BackendResolver;
  /** Encrypts the API key at rest (Electron safeStorage or nodeSecretBox). */
  secretBox: SecretBox;
  /** How {@link secretBox} protects the key (shown in Settings). */
  keyProtection: 'os' | 'file' | 'none';
  /** Files the user picked this session; the only outside files a handler will read. */
  picked: PickedFiles;
  mode: 'electron' | 'browser';
  /** App version (package.json). */
  version: string;
  /** URL a <video>/<img> loads for a session file (differs between Electron and the bridge). */
  mediaUrl(sessionId: number, kind: 'clip' | 'thumbnail'): string;
  /**
   * URL a <video> loads for a picked file (main/media/picked.ts id; the media route's
   * `/picked/<id>`). Decided: optional, so compositions without a media route (tests) need not
   * name it; `media.previewUrl` answers 'input' without it.
   */
  pickedMediaUrl?(pickedId: string): string;
  /** The native open dialog (Electron); absent in the browser bridge. Returns chosen paths. */
  pickVideos?: () => Promise<string[]>;
  /** Opens an http(s) URL in the user's browser (Electron shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  emit: Emit;
  /**
   * Electron: the native save dialog for an export, given a suggested file name; resolves to the
   * chosen path or null when the user cancelled. Absent in the bridge (exports go to <home>/exports).
   */
  saveFile?: (suggestedName: string) => Promise<string | null>;
  /** Electron: the native folder dialog for the library folder (null = cancelled). */
  pickFolder?: () => Promise<string | null>;
  /** Electron: the native open dialog for a hand-over .zip. */
  pickHandover?: () => Promise<string[]>;
  /** Renders report HTML to PDF (Electron: printToPDF). Default: headless Chromium (main/export/report/pdf-chromium.ts). */
  htmlToPdf?: HtmlToPdf;
  /** Bridge: download URL of a file in <home>/exports. */
  exportUrl?: (fileName: string) => string;
}

/**
 * The renderer's door to main: `window.swingStudio` when running in Electron (preload), else
 * the WebSocket bridge client (browser mode). `call()` unwraps the contract's result and
 * throws an {@link ApiError} for a failure, so callers use try/catch + handleError.
 */
import type {
  ApiResult,
  ApiValue,
  Channel,
  EventName,
  EventPayload,
  InvokeArgs,
  PickedVideo,
  SwingStudioApi,
} from '../../../preload/contract.js';
import { ApiError } from './api-error.js';

/** The API, plus the browser bridge's file upload when running through the bridge. */
type AnyApi = SwingStudioApi & { uploadVideo?: (file: File) => Promise<ApiResult<'dialog.pickVideos'>> };

let current: AnyApi | null = null;

/**
 * Connects to main once: the preload API if present, else the bridge client (which reads its
 * URL and token from the page address). Resolves with the API in use.
 * @throws Error when neither is available (e.g. the page was opened from a plain file server).
 */
export async function initApi(): Promise<SwingStudioApi> {
  if (current) return current;
  const preload = (window as { swingStudio?: SwingStudioApi }).swingStudio;
  if (preload) return (current = preload);
  const { connectBridge } = await import('./bridge-client.js');
  current = await connectBridge();
  return current;
}

/** Uses `impl` as the API (unit tests, or a preload API known at start). */
export function setApi(impl: SwingStudioApi | null): void {
  current = impl;
}

/** The connected API. @throws Error before {@link initApi} resolved. */
export function getApi(): SwingStudioApi {
  if (!current) throw new Error('not connected to the Swing Studio main process yet');
  return current;
}

/**
 * Calls `channel` and returns its value.
 * @throws ApiError with the failure's kind, message and tip when main answers `{ok: false}`.
 */
export async function call<C extends Channel>(channel: C, ...args: InvokeArgs<C>): Promise<ApiValue<C>> {
  const result = await getApi().invoke(channel, ...args);
  if (!result.ok) throw new ApiError(channel, result.error);
  return result.value;
}

/** Subscribes to a main-process event; returns the unsubscribe. */
export function onEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return getApi().on(event, listener);
}

/** Whether files can be uploaded from an `<input type=file>` (browser bridge only). */
export function canUpload(): boolean {
  return typeof current?.uploadVideo === 'function';
}

/**
 * Sends a file chosen in the browser to main and returns the path main may read.
 * @throws ApiError when the upload fails or the API has no upload (Electron uses the dialog).
 */
export async function uploadVideo(file: File): Promise<PickedVideo[]> {
  const upload = current?.uploadVideo;
  if (!upload) throw new ApiError('upload', { kind: 'input', message: 'uploads work only in the browser', tip: 'Use Choose videos.' });
  const result = await upload(file);
  if (!result.ok) throw new ApiError('upload', result.error);
  return result.value;
}

/**
 * Content-Security-Policy of the renderer. One source for the three places it is applied:
 * the `Content-Security-Policy` header of every app:// page (Electron, see main/electron/security.ts), the
 * header of the browser bridge's pages (main/bridge) and the `<meta http-equiv>` in
 * renderer/index.html ({@link RENDERER_META_CSP} is copied there verbatim).
 *
 * Decided: this file lives in config/ (below bridge/ and electron/), so the browser bridge and the
 * Electron main process both read it and electron/ → bridge/ stays the only edge between them.
 *
 * - `script-src 'self'`: only the bundled module scripts; no inline script, no eval.
 * - `style-src 'self' 'unsafe-inline'`: Svelte 5 writes `style="…"` attributes (e.g. `style:`
 *   directives, uPlot sizes) which CSP treats as inline style; no inline SCRIPT is allowed.
 * - `img-src`/`media-src`: the app's files, thumbnails and clips from `swing-media:` (Electron)
 *   or the bridge's own `/media/…` route ('self'), canvases exported as `blob:`/`data:`.
 * - `connect-src`: 'self' (and the bridge's WebSocket on 127.0.0.1).
 * - `worker-src 'self' blob:`: decoding workers.
 */

/** Directives shared by every form of the policy. */
function directives(connect: string): string[] {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: swing-media:",
    "media-src 'self' blob: swing-media:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ];
}

/**
 * The policy for renderer/index.html's `<meta http-equiv="Content-Security-Policy">`. It must
 * allow both hosts (app:// in Electron, http://127.0.0.1:<port> in the bridge); the header sent
 * with each page narrows it further (browsers enforce both).
 */
export const RENDERER_META_CSP = directives("'self' ws://127.0.0.1:*").join('; ');

/** Header CSP of app:// pages in Electron: no WebSocket, no framing. */
export const ELECTRON_CSP = [...directives("'self'"), "frame-ancestors 'none'"].join('; ');

/** Header CSP of the bridge's pages: only its own WebSocket port. */
export function bridgeCsp(port: number): string {
  return [...directives(`'self' ws://127.0.0.1:${port}`), "frame-ancestors 'none'"].join('; ');
}

/**
 * Hardening of the session and of every webContents: Electron's safe defaults stay on (see
 * window.ts), navigation away from the app is blocked, new windows are denied (http(s) links
 * open in the user's browser), <webview> is refused, permission requests are denied except
 * full screen (the video player) and clipboard writes (copying notes), and app:// pages get the
 * CSP header (also set by the protocol handler itself).
 */
import { shell, type Session, type WebContents } from 'electron';
import { APP_ORIGIN } from './app-files.js';
import { ELECTRON_CSP } from '../config/renderer-csp.js';
import { isExternalLink } from './links.js';

/** Permissions the app uses; every other request or check is denied. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['fullscreen', 'clipboard-sanitized-write']);

/** Permission handlers and the CSP header for app:// answers on `ses`. */
export function hardenSession(ses: Session): void {
  ses.setPermissionRequestHandler((_wc, permission, callback) =>
    callback(ALLOWED_PERMISSIONS.has(permission)),
  );
  ses.setPermissionCheckHandler((_wc, permission) => ALLOWED_PERMISSIONS.has(permission));
  // No URL filter: Electron's match patterns do not accept custom schemes; app:// is picked here.
  ses.webRequest.onHeadersReceived((details, callback) => {
    if (!details.url.startsWith(`${APP_ORIGIN}/`)) return callback({});
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [ELECTRON_CSP] } });
  });
}

/** Navigation, window-opening and webview rules for one webContents (app 'web-contents-created'). */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    if (isExternalLink(url)) void shell.openExternal(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

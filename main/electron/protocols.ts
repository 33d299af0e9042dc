/**
 * The app's two schemes. `app://swing-studio/` serves the built renderer (a standard, secure
 * origin instead of file://, so CSP 'self' and fetch work and no other local file is
 * reachable); `swing-media://` serves clips and thumbnails with Range support through the
 * shared media route (main/media), confined to the library folder and the files picked this
 * session.
 */
import { protocol, type Session } from 'electron';
import { mediaAnswerToResponse } from '../media/http.js';
import { answerMedia, type MediaAccess } from '../media/resolve.js';
import { answerAppFile, APP_SCHEME } from './app-files.js';

export { APP_SCHEME };
/** Scheme of clips and thumbnails. */
export const MEDIA_SCHEME = 'swing-media';

/** Must run before app 'ready'. `stream` lets <video> read swing-media:// in ranges. */
export function registerPrivilegedSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
    {
      scheme: MEDIA_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
    },
  ]);
}

/** Serves renderer files on app:// in `ses`. */
export function handleAppProtocol(ses: Session, rendererDir: string): void {
  ses.protocol.handle(APP_SCHEME, async (request) => {
    const a = await answerAppFile(rendererDir, request.url);
    return new Response(a.body, { status: a.status, headers: a.headers });
  });
}

/**
 * Serves media on swing-media:// in `ses`. `swing-media://session/3/clip` is the route
 * `/session/3/clip` of main/media/resolve.ts (the URL host is the route's first segment).
 */
export function handleMediaProtocol(ses: Session, access: MediaAccess): void {
  ses.protocol.handle(MEDIA_SCHEME, async (request) => {
    const u = new URL(request.url);
    const answer = await answerMedia(
      request.method,
      `/${u.host}${u.pathname}`,
      request.headers.get('range'),
      access,
    );
    return mediaAnswerToResponse(answer);
  });
}

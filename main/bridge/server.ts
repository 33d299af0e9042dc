/**
 * The browser bridge: one HTTP server on 127.0.0.1 serving the built renderer, the media route
 * (`/media/*`, main/media), uploads (`/upload`) and the contract over a WebSocket (`/ws`).
 * Everything but the renderer's static assets needs the session token (`?t=`); every request
 * must name our own host (DNS-rebinding guard). Used by `npm run dev:web` and the Chromium
 * end-to-end tests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { storedApiKeyForRedaction } from '../settings/api-key.js';
import { openAppServices, type AppServices, type AppServicesOptions } from '../ipc/services.js';
import { nodeSecretBox } from '../settings/api-key.js';
import { pathsOf } from '../library/paths.js';
import { answerMedia } from '../media/resolve.js';
import { sendMediaAnswer } from '../media/http.js';
import { sessionFile } from '../media/session-files.js';
import { hostAllowed, newBridgeToken, originAllowed, tokenMatches, tokenOf } from './guard.js';
import { serveRenderer, securityHeaders } from './static-files.js';
import { sendExport } from './exports-route.js';
import { handleUpload } from './upload-route.js';
import { createBridgeSockets } from './ws.js';

/** Options of {@link startBridge}. */
export interface BridgeOptions {
  /** Swing Studio home folder (library, settings, key). */
  home: string;
  /** Folder of the built renderer (renderer/dist). */
  rendererDir: string;
  /** TCP port on 127.0.0.1; default 0 (chosen by the OS). */
  port?: number;
  /** App version shown by app.info (default '0.0.0-dev'). */
  version?: string;
  /** Session token (default: a fresh random one). */
  token?: string;
  /** Extra options of the app services (e.g. concurrency, a log sink). */
  services?: Partial<Pick<AppServicesOptions, 'concurrency' | 'log' | 'localService'>>;
}

/** A running bridge. */
export interface Bridge {
  /** Address to open in a browser, with the token: `http://127.0.0.1:<port>/?t=<token>`. */
  url: string;
  origin: string;
  port: number;
  token: string;
  services: AppServices;
  close(): Promise<void>;
}

function plain(res: ServerResponse, status: number, text: string, port: number): void {
  res.writeHead(status, { ...securityHeaders(port), 'content-type': 'text/plain; charset=utf-8' });
  res.end(`${text}\n`);
}

/**
 * Starts the bridge with real handlers (library under `home`, job queue, local service on first
 * use). Resolves once listening.
 * @throws when the port is taken or the library cannot be opened.
 */
export async function startBridge(opts: BridgeOptions): Promise<Bridge> {
  const token = opts.token ?? newBridgeToken();
  const secretBox = nodeSecretBox(opts.home);
  let port = 0;
  const services = openAppServices({
    home: opts.home,
    secretBox,
    keyProtection: 'file',
    mode: 'browser',
    version: opts.version ?? '0.0.0-dev',
    mediaUrl: (id, kind) =>
      `http://127.0.0.1:${port}/media/session/${id}/${kind}?t=${encodeURIComponent(token)}`,
    pickedMediaUrl: (id) => `http://127.0.0.1:${port}/media/picked/${id}?t=${encodeURIComponent(token)}`,
    exportUrl: (name) => `http://127.0.0.1:${port}/exports/${encodeURIComponent(name)}?t=${encodeURIComponent(token)}`,
    ...opts.services,
  });
  const { db } = services.deps;
  const access = {
    libraryDir: pathsOf(db).root,
    picked: services.picked,
    sessionFile: (id: number, kind: 'clip' | 'thumbnail') => sessionFile(db, id, kind),
  };
  const sockets = createBridgeSockets(services.handlers, services.events, {
    secrets: () => [storedApiKeyForRedaction(opts.home, secretBox)],
    onInternalError: (channel, err) =>
      process.stderr.write(`bridge: ${channel} failed: ${(err as Error).stack ?? String(err)}\n`),
  });

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostAllowed(req, port))
      return plain(res, 421, `open http://127.0.0.1:${port}/ (this host name is refused)`, port);
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const authed = tokenMatches(tokenOf(url), token);
    if (url.pathname.startsWith('/media/')) {
      if (!authed) return plain(res, 401, 'token required', port);
      const answer = await answerMedia(
        req.method ?? 'GET',
        url.pathname.slice('/media'.length),
        req.headers.range,
        access,
      );
      return sendMediaAnswer(answer, res);
    }
    if (url.pathname.startsWith('/exports/')) {
      if (!authed) return plain(res, 401, 'token required', port);
      if (req.method !== 'GET') return plain(res, 405, 'GET only', port);
      return sendExport(opts.home, url.pathname.slice('/exports/'.length), res);
    }
    if (url.pathname === '/upload') {
      if (!authed || !originAllowed(req, port)) return plain(res, 401, 'token required', port);
      if (req.method !== 'POST') return plain(res, 405, 'POST only', port);
      return handleUpload(req, res, url, opts.home, services.picked);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'GET only', port);
    const isPage = url.pathname === '/' || url.pathname === '/index.html';
    if (isPage && !authed)
      return plain(res, 401, 'open the address printed by dev-web (it carries ?t=<token>)', port);
    return serveRenderer(opts.rendererDir, url.pathname, token, port, res);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (!res.headersSent) plain(res, 500, 'internal error', port);
      else res.destroy();
      process.stderr.write(`bridge: ${req.method} ${req.url?.split('?')[0]} failed: ${String(err)}\n`);
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (
      url.pathname !== '/ws' ||
      !hostAllowed(req, port) ||
      !originAllowed(req, port) ||
      !tokenMatches(tokenOf(url), token)
    ) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.accept(req, socket, head);
  });

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (err) {
    await services.close();
    throw err;
  }
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?t=${encodeURIComponent(token)}`,
    origin,
    port,
    token,
    services,
    close() {
      closing ??= (async () => {
        await sockets.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await services.close();
      })();
      return closing;
    },
  };
}

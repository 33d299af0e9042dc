/**
 * Serves the built renderer (renderer/dist) over the bridge: files confined to the folder,
 * `index.html` with the session token written into a `<meta name="swing-studio-bridge">`, and
 * the security headers of every page (CSP, no framing, no referrer so the token in the address
 * never leaks).
 */
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { confine } from '../media/confine.js';
import { bridgeCsp } from '../config/renderer-csp.js';

/** Content types of the files a Vite build emits. */
const STATIC_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
};

/** Content-Type of a renderer file, or undefined when it is not one a Vite build emits. */
export function staticTypeOf(path: string): string | undefined {
  return STATIC_TYPES[extname(path).toLowerCase()];
}

/** Headers every bridge page and asset carries. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'content-security-policy': bridgeCsp(port),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

/** index.html with the token meta tag inserted before `</head>`. */
export function injectToken(html: string, token: string): string {
  const meta = `<meta name="swing-studio-bridge" content="${token}" />`;
  return html.includes('</head>') ? html.replace('</head>', `  ${meta}\n  </head>`) : `${meta}\n${html}`;
}

/**
 * Answers a GET of the renderer. `/` and `/index.html` get the page with the token (the caller
 * has checked it); other paths are files under `rendererDir`.
 */
export async function serveRenderer(
  rendererDir: string,
  urlPath: string,
  token: string,
  port: number,
  res: ServerResponse,
): Promise<void> {
  const headers = securityHeaders(port);
  if (urlPath === '/' || urlPath === '/index.html') {
    const html = await readFile(join(rendererDir, 'index.html'), 'utf8').catch(() => null);
    if (html === null) {
      res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
      res.end(
        `renderer not built: ${join(rendererDir, 'index.html')} is missing (run npm run build:renderer)\n`,
      );
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': STATIC_TYPES['.html'] ?? 'text/html',
      'cache-control': 'no-store',
    });
    res.end(injectToken(html, token));
    return;
  }
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.slice(1));
  } catch {
    res.writeHead(400, headers).end();
    return;
  }
  const found = await confine(rendererDir, rel);
  const type = STATIC_TYPES[extname(rel).toLowerCase()];
  const isFile = found.ok && (await stat(found.path).catch(() => null))?.isFile() === true;
  if (!isFile && urlPath === '/favicon.ico') {
    // Browsers ask for it unprompted; "no content" keeps a 404 out of the console.
    res.writeHead(204, headers).end();
    return;
  }
  if (!found.ok || type === undefined || !isFile) {
    res.writeHead(found.ok || found.refusal === 'not-found' ? 404 : 403, headers).end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-type': type, 'cache-control': 'no-cache' });
  res.end(await readFile(found.path));
}

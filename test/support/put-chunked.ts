/** A chunked HTTP PUT for tests of upload caps (real node:http on 127.0.0.1). */
import { request } from 'node:http';

/**
 * PUT `body` with chunked transfer encoding (no Content-Length) through node:http and resolve the
 * response status. The service answers 413 mid-body and closes the socket, so the client's
 * remaining writes fail with EPIPE/ECONNRESET; those errors after the answer are expected and
 * ignored (fetch surfaced them as an unhandled rejection of its body stream under load).
 */
export function putChunked(url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: 'PUT', headers: { 'Content-Type': 'video/mp4', 'Transfer-Encoding': 'chunked' } });
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    let at = 0;
    const step = 64 * 1024;
    const pump = (): void => {
      while (at < body.length && !answered && !req.destroyed) {
        const chunk = body.subarray(at, at + step);
        at += step;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}

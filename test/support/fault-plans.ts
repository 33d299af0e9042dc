/**
 * The misbehaviours the fault server (test/support/fault-server.ts) can be told to show on a
 * route, one per request: a planned status, a hang, a dropped connection, an NDJSON text cut or
 * held open, any JSON body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { drain, json } from './fault-http.js';

/** One planned misbehaviour. */
export type Fault =
  /** Answer with this status (after reading the whole body, or at once when `early`), JSON body, extra headers. */
  | { type: 'status'; status: number; body?: unknown; headers?: Record<string, string>; early?: boolean }
  /** Read the body and never answer. */
  | { type: 'hang' }
  /** Close the connection without an answer (after the first body chunk, if any). */
  | { type: 'destroy' }
  /** 200 with this NDJSON text; `cutAfterBytes` destroys the socket after that many bytes; `hang` keeps it open after the text. */
  | { type: 'ndjson'; text: string; cutAfterBytes?: number; hang?: boolean }
  /** 200 with this JSON body (any shape). */
  | { type: 'json'; status?: number; body: unknown };

/** Answers `req` with the planned fault `f` instead of the route's healthy answer. */
export function applyFault(f: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (f.type) {
    case 'status':
      if (f.early) {
        json(res, f.status, f.body ?? { error: `planned ${f.status}` }, f.headers);
        return void req.resume();
      }
      return drain(req, () => json(res, f.status, f.body ?? { error: `planned ${f.status}` }, f.headers));
    case 'json':
      return drain(req, () => json(res, f.status ?? 200, f.body));
    case 'hang':
      return void req.resume();
    case 'destroy': {
      const hasBody =
        Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
      if (!hasBody) return void req.socket.destroy();
      return void req.once('data', () => req.socket.destroy());
    }
    case 'ndjson':
      return drain(req, () => {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        const bytes = Buffer.from(f.text, 'utf8');
        if (f.cutAfterBytes !== undefined) {
          res.write(bytes.subarray(0, f.cutAfterBytes), () => setTimeout(() => res.socket?.destroy(), 20));
        } else if (f.hang) {
          res.write(bytes);
        } else {
          res.end(bytes);
        }
      });
  }
}

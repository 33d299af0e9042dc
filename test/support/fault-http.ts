/**
 * Body and answer helpers of the fault server (test/support/fault-server.ts): read a request to
 * its end, read it as JSON, answer with JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Reads and drops the request body, then calls `then` at its end. */
export function drain(req: IncomingMessage, then: () => void): void {
  req.on('end', then);
  req.resume();
}

/** Reads the request body as JSON; a body that does not parse is passed on as `{}`. */
export function readJson(req: IncomingMessage, then: (body: unknown) => void): void {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => {
    try {
      then(JSON.parse(Buffer.concat(parts).toString('utf8')) as unknown);
    } catch {
      then({});
    }
  });
}

/** Answers with `status`, `body` as JSON and any extra headers. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

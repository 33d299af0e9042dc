/**
 * A stand-in for the remote technique server's `POST /process` (API.md endpoint 5) on 127.0.0.1
 * whose NDJSON answer the test writes line by line, when it wants: progress can go quiet for as
 * long as the test needs (as a real second pass does). The upload routes come from the fault
 * server (test/support/fault-server.ts); only the technique URL points here.
 */
import http, { type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running paced /process server. */
export interface PacedProcessServer {
  /** `http://127.0.0.1:<port>`: the technique URL. */
  url: string;
  /** Resolves once a /process request's body was read and its answer's head sent. */
  started: Promise<void>;
  /** Writes one NDJSON line (the object as JSON) of the current answer. @throws Error before {@link started}. */
  send(line: Record<string, unknown>): void;
  /** Writes the last line and ends the answer. @throws Error before {@link started}. */
  end(line: Record<string, unknown>): void;
  close(): Promise<void>;
}

/** Starts the server on an ephemeral port; other paths answer 404. */
export async function startPacedProcessServer(): Promise<PacedProcessServer> {
  let answer: ServerResponse | undefined;
  let markStarted = (): void => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || !(req.url ?? '').startsWith('/process')) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    req.resume(); // the multipart upload is not looked at
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
      res.flushHeaders();
      answer = res;
      markStarted();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const current = (): ServerResponse => {
    if (!answer) throw new Error('no /process request yet');
    return answer;
  };
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    started,
    send: (line) => void current().write(`${JSON.stringify(line)}\n`),
    end: (line) => void current().end(`${JSON.stringify(line)}\n`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

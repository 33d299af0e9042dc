/**
 * A small HTTP server on 127.0.0.1 that follows the contract of ../shared/API.md (/api routes,
 * presigned storage PUT/GET, result files, technique /process, archives) and misbehaves on
 * demand: each route has a queue of planned faults, used one per request; an empty queue means
 * a healthy answer. Every request's headers are recorded, in arrival order.
 *
 * This file is the server and its control API (plan, records, close); the healthy answers are in
 * fault-routes.ts, the planned misbehaviours in fault-plans.ts.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drain, json } from './fault-http.js';
import { applyFault, type Fault } from './fault-plans.js';
import {
  healthyRoutes,
  resultText,
  routeOf,
  type RecordedProcess,
  type RecordedUpload,
  type Route,
} from './fault-routes.js';

export type { Fault } from './fault-plans.js';
export type { RecordedProcess, RecordedUpload, Route } from './fault-routes.js';

/** What the server saw of one request. */
export interface RecordedRequest {
  seq: number;
  route: Route;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Arrival time, ms on the server's monotonic clock. */
  at: number;
}

/** Settings of {@link startFaultServer}. */
export interface FaultServerOptions {
  /** The API key the /api routes accept (default "test-key-0123456789"). */
  apiKey?: string;
  /** When set, /process requires `Authorization: Bearer <techniqueToken>`. */
  techniqueToken?: string;
  /** Polls answered pending before a tennis task is done (default 2). */
  pendingPolls?: number;
}

/** A running fault server. */
export interface FaultServer {
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  uploads: RecordedUpload[];
  processed: RecordedProcess[];
  /** Queues faults for a route; each request to it takes the next one. */
  plan(route: Route, ...faults: Fault[]): void;
  /** The raw text served at a task's result_url. */
  resultText(taskId: string): string;
  close(): Promise<void>;
}

/** Starts the server on an ephemeral port. */
export async function startFaultServer(opts: FaultServerOptions = {}): Promise<FaultServer> {
  const apiKey = opts.apiKey ?? 'test-key-0123456789';
  const plans = new Map<Route, Fault[]>();
  const requests: RecordedRequest[] = [];
  const uploads: RecordedUpload[] = [];
  const processed: RecordedProcess[] = [];
  let url = '';
  const healthy = healthyRoutes({ url: () => url, pendingPolls: opts.pendingPolls ?? 2, uploads, processed });

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routeOf(req.method ?? 'GET', path);
    requests.push({
      seq: requests.length,
      route,
      method: req.method ?? '',
      path,
      headers: req.headers,
      at: performance.now(),
    });
    const fault = plans.get(route)?.shift();
    if (fault) return void applyFault(fault, req, res);
    const api = path.startsWith('/api/');
    if (api && req.headers.authorization !== `Bearer ${apiKey}`)
      return void drain(req, () => json(res, 401, { error: 'Unauthorized' }));
    if (
      route === 'process' &&
      opts.techniqueToken &&
      req.headers.authorization !== `Bearer ${opts.techniqueToken}`
    ) {
      return void drain(req, () => json(res, 401, { error: 'Unauthorized' }));
    }
    healthy(route, path, req, res);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiKey,
    requests,
    uploads,
    processed,
    plan: (route, ...faults) => plans.set(route, [...(plans.get(route) ?? []), ...faults]),
    resultText,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

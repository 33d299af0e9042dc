/** Shared helpers of the API client tests: a client bound to a fault server, error capture. */
import { expect } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type ApiClientOptions } from '../../main/api/index.js';
import type { FaultServer } from '../support/fault-server.js';

/** A client on the fault server with fast retries (1 ms backoff base) unless overridden. */
export function clientFor(s: FaultServer, o: Partial<ApiClientOptions> = {}): ApiClient {
  return createApiClient({
    baseUrl: s.url,
    techniqueUrl: s.url,
    apiKey: s.apiKey,
    timeoutMs: 5000,
    retries: { retries: 3, baseDelayMs: 1, maxDelayMs: 5 },
    ...o,
  });
}

/** Awaits a promise that must reject with an ApiError, and returns it. */
export async function apiFailure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** Valid technique metadata for a tennis forehand. */
export function metadata(uid = 'req-1'): Record<string, unknown> {
  return {
    uid,
    sport: 'tennis',
    swing_type: 'forehand_drive',
    dominant_hand: 'right',
    player_height_mm: 1820,
  };
}

/**
 * Who may talk to the bridge: requests to our own host name and port (DNS-rebinding guard),
 * carrying the session token (`?t=`), and for WebSockets from our own page's origin (browsers
 * do not apply CORS to WebSockets, so a foreign page could otherwise connect).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh bridge token: 32 random bytes, base64url (43 characters). */
export function newBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of a presented token with the real one. */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The Host header values that name this server: 127.0.0.1 only, since the media URLs the
 * handlers give out name 127.0.0.1 and a page on `localhost` would see them as cross-origin.
 */
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`];
}

/** Whether the request's Host is ours (refuses rebound DNS names). */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  return ownHosts(port).includes((req.headers.host ?? '').toLowerCase());
}

/** Whether the request's Origin, when present, is our own page's. */
export function originAllowed(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return ownHosts(port).some((h) => origin === `http://${h}`);
}

/** The `t` query parameter of a request URL. */
export function tokenOf(url: URL): string | null {
  return url.searchParams.get('t');
}

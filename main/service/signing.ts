/**
 * Presigned storage URLs: `{baseUrl}/storage/{key}?ct=…&exp=…&sig=…`.
 * `sig` is HMAC-SHA256 (hex) over `method \n key \n contentType \n exp` with the service's
 * signing secret; `exp` is the expiry in Unix seconds. HEAD is verified as GET. The URL carries
 * its own authorisation: no Authorization header is needed or read (API.md "Authentication").
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from './secrets.js';

/** HTTP methods a URL can be signed for. */
export type SignedMethod = 'GET' | 'PUT';

/** What a valid signature grants. */
export interface SignedGrant {
  method: SignedMethod;
  /** Object key, e.g. `videos/3f…e1.mp4`. */
  key: string;
  contentType: string;
  /** Expiry, Unix seconds. */
  expiresAt: number;
}

/** Path prefix of the object storage routes. */
export const STORAGE_PREFIX = '/storage/';

/** Object keys: folder/name made of safe characters only (no `..`, no leading slash). */
export const OBJECT_KEY_RE = /^(videos|results|archives)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

function signature(secret: string, g: SignedGrant): string {
  return createHmac('sha256', secret).update(`${g.method}\n${g.key}\n${g.contentType}\n${g.expiresAt}`).digest('hex');
}

/** Builds the presigned URL of `grant` under `baseUrl` (no trailing slash). */
export function signUrl(baseUrl: string, secret: string, grant: SignedGrant): string {
  const q = new URLSearchParams({ ct: grant.contentType, exp: String(grant.expiresAt), sig: signature(secret, grant) });
  return `${baseUrl}${STORAGE_PREFIX}${grant.key}?${q.toString()}`;
}

/** Why a presigned URL was refused (all answered with HTTP 403). */
export type SignatureProblem = 'missing' | 'expired' | 'invalid';

/**
 * Verifies the query of a storage URL for `method` at `nowS` (Unix seconds).
 * @returns the grant, or the problem: `missing` (no ct/exp/sig), `expired`, `invalid`
 *   (tampered URL, other key, or signed for another method).
 */
export function verifySignedUrl(
  secret: string,
  method: string,
  key: string,
  query: URLSearchParams,
  nowS: number,
): SignedGrant | SignatureProblem {
  const ct = query.get('ct');
  const exp = query.get('exp');
  const sig = query.get('sig');
  if (!ct || !exp || !sig) return 'missing';
  if (!/^\d{1,12}$/.test(exp)) return 'invalid';
  const signedMethod: SignedMethod | undefined = method === 'HEAD' || method === 'GET' ? 'GET' : method === 'PUT' ? 'PUT' : undefined;
  if (!signedMethod) return 'invalid';
  const grant: SignedGrant = { method: signedMethod, key, contentType: ct, expiresAt: Number(exp) };
  if (!safeEqual(signature(secret, grant), sig)) return 'invalid';
  if (grant.expiresAt <= nowS) return 'expired';
  return grant;
}

/**
 * When a presigned URL stops working. API.md: uploadUrl and downloadUrl are valid 24 hours
 * from issue. A URL may also say so itself; recognised query parameters:
 * - `X-Amz-Expires` / `X-Goog-Expires`: seconds, relative to `X-Amz-Date` / `X-Goog-Date`
 *   (`YYYYMMDDTHHMMSSZ`, AWS SigV4 / GCS V4) when present, else to the issue time;
 * - `Expires` / `expires` / `exp`: absolute Unix time in seconds (AWS SigV2, Azure-like and
 *   JWT-like tokens); a value below 10^9 is taken as seconds relative to the issue time.
 * The earliest of all these and issue time + 24 h wins.
 */
import { PRESIGNED_URL_LIFETIME_S } from '../contract/api-schema.js';

/** A presigned URL and when we got it. */
export interface IssuedUrl {
  url: string;
  /** Epoch ms when the URL pair was received from upload-url. */
  issuedAt: number;
}

/** Epoch ms after which the URL must not be used. */
export function presignedExpiry(u: IssuedUrl): number {
  let expiry = u.issuedAt + PRESIGNED_URL_LIFETIME_S * 1000;
  let q: URLSearchParams;
  try {
    q = new URL(u.url).searchParams;
  } catch {
    return expiry;
  }
  for (const [expKey, dateKey] of [
    ['X-Amz-Expires', 'X-Amz-Date'],
    ['X-Goog-Expires', 'X-Goog-Date'],
  ] as const) {
    const secs = numberParam(q.get(expKey));
    if (secs === undefined) continue;
    const from = amzDate(q.get(dateKey)) ?? u.issuedAt;
    expiry = Math.min(expiry, from + secs * 1000);
  }
  for (const key of ['Expires', 'expires', 'exp']) {
    const v = numberParam(q.get(key));
    if (v === undefined) continue;
    expiry = Math.min(expiry, v >= 1e9 ? v * 1000 : u.issuedAt + v * 1000);
  }
  return expiry;
}

function numberParam(v: string | null): number | undefined {
  if (v === null || !/^\d+(\.\d+)?$/.test(v.trim())) return undefined;
  return Number(v);
}

/** Parses `20261120T221500Z` to epoch ms. */
function amzDate(v: string | null): number | undefined {
  const m = v?.match(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/);
  if (!m) return undefined;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

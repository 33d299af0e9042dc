/**
 * The service's two secrets (bearer token, URL signing key): generated once with the OS CSPRNG,
 * kept in owner-only (0600) files, written atomically (temp + fsync + rename).
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../files/index.js';

/** Writes `text` to `path` atomically with mode 0600 (main/files/atomic-file.ts). */
export function writeSecretFile(path: string, text: string): void {
  writeFileAtomic(path, text, { mkdirs: true });
}

/** Least entropy of a token the user chooses, bits (NIST SP 800-63B asks ≥ 112 for secrets; 128 is the usual key size). */
export const MIN_TOKEN_BITS = 128;

/**
 * Upper-bound entropy estimate of a chosen token, bits: effective length × log2(size of the
 * character classes it uses: lower 26, upper 26, digits 10, other printable ASCII 33), where the
 * effective length is at most twice the number of distinct characters (so "aaaa…" counts 2).
 * `openssl rand -hex 32` ≈ 32 × 5.2 = 165 bits; `openssl rand -base64 24` ≈ 32 × 6.6 = 210;
 * "t123" 4 × 5.2 = 21.
 */
export function tokenEntropyBits(token: string): number {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];
  const sizes = [26, 26, 10, 33];
  const alphabet = classes.reduce((n, re, i) => n + (re.test(token) ? sizes[i]! : 0), 0);
  const distinct = new Set(token).size;
  return Math.min(token.length, distinct * 2) * Math.log2(Math.max(alphabet, 1));
}

/**
 * Checks a token the user chose. @throws Error naming the rule when it has whitespace or
 * non-ASCII characters, or less than MIN_TOKEN_BITS by {@link tokenEntropyBits}.
 */
export function checkChosenToken(token: string): void {
  if (!/^[\x21-\x7e]+$/.test(token)) throw new Error('the token must be printable ASCII without spaces');
  const bits = tokenEntropyBits(token);
  if (bits < MIN_TOKEN_BITS) {
    throw new Error(`the token is too weak (about ${Math.floor(bits)} bits, at least ${MIN_TOKEN_BITS} needed): use e.g. \`openssl rand -hex 32\``);
  }
}

/**
 * Returns the secret stored in `path`, creating it (32 random bytes as 64 hex chars, 256 bits)
 * when the file is missing or empty. A `wanted` token (checked by {@link checkChosenToken}) is
 * used instead; it replaces the stored value only with `persist`, so a token given for one run
 * leaves the generated one in place. Re-applies 0600 to an existing file.
 * @throws Error when `wanted` is too weak (see checkChosenToken).
 */
export function loadOrCreateSecret(path: string, wanted?: string, persist = false): string {
  if (wanted !== undefined) {
    checkChosenToken(wanted);
    if (persist) writeSecretFile(path, `${wanted}\n`);
    return wanted;
  }
  if (existsSync(path)) {
    const value = readFileSync(path, 'utf8').trim();
    if (value !== '') {
      chmodSync(path, 0o600);
      return value;
    }
  }
  const value = randomBytes(32).toString('hex');
  writeSecretFile(path, `${value}\n`);
  return value;
}

/**
 * Constant-time string comparison: both sides are hashed with SHA-256 first so that neither the
 * content nor the length of the secret leaks through timing.
 */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

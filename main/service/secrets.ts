/**
 * The service's two secrets (bearer token, URL signing key): generated once with the OS CSPRNG,
 * kept in owner-only (0600) files, written atomically (temp + fsync + rename).
 */
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';

/** Writes `text` to `path` atomically with mode 0600. */
export function writeSecretFile(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  chmodSync(path, 0o600);
}

/**
 * Returns the secret stored in `path`, creating it (32 random bytes as 64 hex chars, 256 bits)
 * when the file is missing or empty. When `wanted` is given it replaces the stored value.
 * Re-applies 0600 to an existing file.
 */
export function loadOrCreateSecret(path: string, wanted?: string): string {
  if (wanted !== undefined) {
    if (wanted.trim() === '' || /\s/.test(wanted)) throw new Error('token must be non-empty and contain no whitespace');
    writeSecretFile(path, `${wanted}\n`);
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

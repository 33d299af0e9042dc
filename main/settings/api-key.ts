/**
 * The remote API key (API.md "Authentication": `Authorization: Bearer <API_KEY>` on the /api
 * host only). Kept encrypted at rest in `<home>/api-key.bin` (0600), never in settings.json,
 * never logged. The encryption is a {@link SecretBox}: the Electron app passes one backed by
 * `safeStorage` (OS keychain); the CLI and the browser bridge use {@link nodeSecretBox}, an
 * AES-256-GCM box whose key lives in `<home>/secret.key` (0600).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';

/** Encrypts and decrypts small secrets. */
export interface SecretBox {
  /** @throws when the box is not available. */
  encrypt(plain: string): Buffer;
  /** @throws when the data was not made by this box (wrong key, tampered, truncated). */
  decrypt(data: Buffer): string;
  /** False when encryption cannot be used on this machine (e.g. no OS keychain). */
  isAvailable(): boolean;
}

/** The API key cannot be read back (wrong box, file tampered with). The key itself is never in the message. */
export class ApiKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ApiKeyError';
  }
}

/** Layout of an encrypted blob: 1 version byte, 12-byte IV (NIST SP 800-38D §8.2), 16-byte GCM tag, ciphertext. */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** AES-256 key length, bytes. */
const KEY_BYTES = 32;

/** Path of the encrypted API key. */
export function apiKeyPath(home: string): string {
  return join(home, 'api-key.bin');
}

/** Path of the {@link nodeSecretBox} key file. */
export function secretKeyPath(home: string): string {
  return join(home, 'secret.key');
}

/**
 * AES-256-GCM box. The 256-bit key is created with the OS CSPRNG on first use and kept in
 * `<home>/secret.key` with mode 0600 (re-applied on every load). Protects the key against
 * casual reading of the home folder and backups of settings, not against the same OS user.
 */
export function nodeSecretBox(home: string): SecretBox {
  const key = (): Buffer => loadOrCreateKey(secretKeyPath(home));
  return {
    isAvailable: () => true,
    encrypt(plain: string): Buffer {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    decrypt(data: Buffer): string {
      if (data.length < 1 + IV_BYTES + TAG_BYTES || data[0] !== VERSION) {
        throw new ApiKeyError('stored secret has an unknown format');
      }
      const iv = data.subarray(1, 1 + IV_BYTES);
      const tag = data.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key(), iv);
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(data.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new ApiKeyError('stored secret cannot be decrypted (key file changed or data tampered with)');
      }
    },
  };
}

function loadOrCreateKey(path: string): Buffer {
  if (existsSync(path)) {
    const k = readFileSync(path);
    if (k.length === KEY_BYTES) {
      chmodSync(path, 0o600);
      return k;
    }
    throw new ApiKeyError(`secret key file ${path} is damaged (expected ${KEY_BYTES} bytes)`);
  }
  const k = randomBytes(KEY_BYTES);
  writeFileAtomic(path, k, 0o600);
  return k;
}

/**
 * Stores (encrypted, file mode 0600) or, with `null` or '', removes the API key.
 * @throws ApiKeyError when the key contains whitespace or control characters (it goes into an
 *   HTTP header) or the box is not available.
 */
export function setApiKey(home: string, box: SecretBox, key: string | null): void {
  if (key === null || key.trim() === '') {
    rmSync(apiKeyPath(home), { force: true });
    return;
  }
  const k = key.trim();
  if (/[\s\p{Cc}]/u.test(k)) throw new ApiKeyError('API key must not contain spaces or control characters');
  if (!box.isAvailable()) throw new ApiKeyError('secure storage is not available on this machine; set SWING_STUDIO_API_KEY instead');
  writeFileAtomic(apiKeyPath(home), box.encrypt(k), 0o600);
}

/**
 * The stored API key, decrypted; null when none is stored.
 * @throws ApiKeyError when the stored key cannot be decrypted.
 */
export function getApiKey(home: string, box: SecretBox): string | null {
  const path = apiKeyPath(home);
  if (!existsSync(path)) return null;
  return box.decrypt(readFileSync(path));
}

/** Whether an API key is stored (without decrypting it). */
export function hasApiKey(home: string): boolean {
  return existsSync(apiKeyPath(home));
}

/**
 * The key to use: `SWING_STUDIO_API_KEY` from `env` when set and non-empty, else the stored
 * one, else null.
 */
export function resolveApiKey(home: string, box: SecretBox, env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = env.SWING_STUDIO_API_KEY?.trim();
  if (fromEnv) return fromEnv;
  return getApiKey(home, box);
}

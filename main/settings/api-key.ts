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
import { writeFileAtomic } from '../files/index.js';

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
  writeFileAtomic(path, k, { mkdirs: true });
  return k;
}

/**
 * The origin (`scheme://host:port`) of an API base URL, '' for '' or a URL that does not parse.
 * The API key is bound to this: it is only ever sent to the origin it was saved for.
 */
export function originOf(baseUrl: string): string {
  try {
    return baseUrl ? new URL(baseUrl).origin : '';
  } catch {
    return '';
  }
}

/** True for `localhost`, 127.0.0.0/8 and ::1 (the only hosts the key may reach over plain http). */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/**
 * Checks that a base URL may carry the API key: https, or http to a loopback host.
 * @throws ApiKeyError naming the rule otherwise (the key would cross the network in clear text).
 */
export function checkKeyTransport(baseUrl: string): void {
  let u: URL;
  try {
    u = new URL(baseUrl);
  } catch {
    throw new ApiKeyError(`the API base URL "${baseUrl}" is not a URL`);
  }
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname))) return;
  throw new ApiKeyError(`the API base URL must use https (plain http only for this computer): ${u.origin}`);
}

/** What is encrypted in the key file (format 2): the key and the origin it was saved for. */
interface StoredKey {
  v: 2;
  key: string;
  /** '' when no base URL was set at saving: such a key is never sent (enter it again). */
  origin: string;
}

/**
 * Stores (encrypted, file mode 0600) or, with `null` or '', removes the API key, bound to the
 * origin of `forBaseUrl` (the settings' remote.baseUrl when it is saved): {@link getApiKey}
 * gives it out for that origin only, so pointing remote.baseUrl elsewhere needs the key again.
 * @throws ApiKeyError when the key contains whitespace or control characters (it goes into an
 *   HTTP header), the box is not available, or `forBaseUrl` is set but neither https nor loopback.
 */
export function setApiKey(home: string, box: SecretBox, key: string | null, forBaseUrl = ''): void {
  if (key === null || key.trim() === '') {
    rmSync(apiKeyPath(home), { force: true });
    return;
  }
  const k = key.trim();
  if (/[\s\p{Cc}]/u.test(k)) throw new ApiKeyError('API key must not contain spaces or control characters');
  if (forBaseUrl) checkKeyTransport(forBaseUrl);
  if (!box.isAvailable()) throw new ApiKeyError('secure storage is not available on this machine; set SWING_STUDIO_API_KEY instead');
  const stored: StoredKey = { v: 2, key: k, origin: originOf(forBaseUrl) };
  writeFileAtomic(apiKeyPath(home), box.encrypt(JSON.stringify(stored)), { mkdirs: true });
}

/**
 * The stored API key for the API at `baseUrl`; null when none is stored.
 * @throws ApiKeyError when the stored key cannot be decrypted, was saved for another origin (or
 *   before origin binding, or with no base URL set): the user must enter it again for this one;
 *   or when `baseUrl` is neither https nor loopback.
 */
export function getApiKey(home: string, box: SecretBox, baseUrl: string): string | null {
  const path = apiKeyPath(home);
  if (!existsSync(path)) return null;
  const text = box.decrypt(readFileSync(path));
  let stored: Partial<StoredKey> = {};
  try {
    stored = JSON.parse(text) as Partial<StoredKey>;
  } catch {
    // a key saved before origin binding (plain text): bound to nothing
  }
  const want = originOf(baseUrl);
  if (stored.v !== 2 || !stored.key || !stored.origin || stored.origin !== want) {
    const saved = stored.v === 2 && stored.origin ? `was saved for ${stored.origin}` : 'is not bound to an API host';
    throw new ApiKeyError(`the stored API key ${saved}; enter it again for ${want || 'the API base URL'}`);
  }
  checkKeyTransport(baseUrl);
  return stored.key;
}

/** Whether an API key is stored (without decrypting it). */
export function hasApiKey(home: string): boolean {
  return existsSync(apiKeyPath(home));
}

/**
 * The stored key whatever origin it is bound to, or null: for redacting it from messages only
 * (IPC/bridge `secrets`); never send it anywhere (use {@link getApiKey}).
 * @throws ApiKeyError when it cannot be decrypted.
 */
export function storedApiKeyForRedaction(home: string, box: SecretBox): string | null {
  const path = apiKeyPath(home);
  if (!existsSync(path)) return null;
  const text = box.decrypt(readFileSync(path));
  try {
    const stored = JSON.parse(text) as Partial<StoredKey>;
    return typeof stored.key === 'string' ? stored.key : text;
  } catch {
    return text;
  }
}

/**
 * The key to use with the API at `baseUrl`: `SWING_STUDIO_API_KEY` from `env` when set and
 * non-empty (the user gives it for this run), else the stored one when it was saved for this
 * origin, else null.
 * @throws ApiKeyError as {@link getApiKey}; for an env key, when `baseUrl` is neither https nor loopback.
 */
export function resolveApiKey(home: string, box: SecretBox, baseUrl: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = env.SWING_STUDIO_API_KEY?.trim();
  if (fromEnv) {
    checkKeyTransport(baseUrl);
    return fromEnv;
  }
  return getApiKey(home, box, baseUrl);
}

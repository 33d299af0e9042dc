/**
 * User settings: one JSON file `<home>/settings.json`, written atomically (temp + fsync +
 * rename). Missing fields take their defaults; a file that is not valid JSON or has a field of
 * the wrong type is refused with a {@link SettingsError} naming the field. The remote API key is
 * NOT kept here (see api-key.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../files/index.js';
import { zodIssueText } from '../contract/zod-issues.js';

const httpUrlOrEmpty = z
  .string()
  .trim()
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'must be an http(s) URL or empty');

/** Run-time schema of settings.json; every field has a default. */
export const SettingsSchema = z.object({
  backend: z.enum(['local', 'remote']).default('local'),
  remote: z
    .object({ baseUrl: httpUrlOrEmpty.default(''), techniqueUrl: httpUrlOrEmpty.default('') })
    .default({ baseUrl: '', techniqueUrl: '' }),
  units: z.enum(['metric', 'imperial']).default('metric'),
  /** Library folder; null = `<home>/library`. */
  libraryDir: z.string().min(1).nullable().default(null),
  theme: z.enum(['dark', 'light', 'system']).default('system'),
  /** Last main-window bounds (pixels) and maximised flag. */
  window: z
    .object({
      x: z.number().int(),
      y: z.number().int(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      maximized: z.boolean(),
    })
    .optional(),
});

/**
 * The settings. `remote.baseUrl` is the `{base_url}` of API.md (the /api host, the only host the
 * API key is sent to), `remote.techniqueUrl` the `{technique_url}`; '' = not configured.
 */
export type Settings = z.infer<typeof SettingsSchema>;

/** settings.json is unreadable or holds a value of the wrong type. */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** Absolute path of the settings file of a home folder. */
export function settingsPath(home: string): string {
  return join(home, 'settings.json');
}

/** The default settings (local backend, metric units, system theme). */
export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}

/**
 * Reads `<home>/settings.json`; defaults when the file does not exist.
 * @throws SettingsError when the file is not JSON or a field is invalid (message names the field).
 */
export function loadSettings(home: string): Settings {
  const path = settingsPath(home);
  if (!existsSync(path)) return defaultSettings();
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new SettingsError(`settings file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  return parseSettings(raw, path);
}

/**
 * Merges `patch` into the stored settings (`remote` is merged field by field), validates the
 * result and writes it atomically (mode 0600).
 * @returns the settings now stored.
 * @throws SettingsError when the merged settings are invalid (nothing is written).
 */
export function saveSettings(home: string, patch: Partial<Settings>): Settings {
  const current = loadSettings(home);
  const merged = {
    ...current,
    ...patch,
    remote: { ...current.remote, ...(patch.remote ?? {}) },
  };
  const next = parseSettings(merged, 'settings');
  writeFileAtomic(settingsPath(home), `${JSON.stringify(next, null, 2)}\n`, { mkdirs: true });
  return next;
}

function parseSettings(raw: unknown, where: string): Settings {
  const r = SettingsSchema.safeParse(raw);
  if (r.success) return r.data;
  throw new SettingsError(`${where}: ${zodIssueText(r.error)}`);
}

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiKeyPath, getApiKey, hasApiKey, nodeSecretBox, resolveApiKey, secretKeyPath, setApiKey } from '../../main/settings/api-key.js';
import { defaultSettings, loadSettings, saveSettings, settingsPath } from '../../main/settings/settings.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'ss-settings-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('settings.json', () => {
  it('gives the defaults when no file exists', () => {
    expect(loadSettings(home)).toEqual({
      backend: 'local',
      remote: { baseUrl: '', techniqueUrl: '' },
      units: 'metric',
      libraryDir: null,
      theme: 'system',
    });
  });

  it('round-trips a patch, merging remote field by field, with mode 0600', () => {
    saveSettings(home, { backend: 'remote', remote: { baseUrl: 'https://api.example.com', techniqueUrl: '' } });
    const s = saveSettings(home, { units: 'imperial', window: { x: 1, y: 2, width: 800, height: 600, maximized: false } });
    expect(s.backend).toBe('remote');
    expect(s.remote.baseUrl).toBe('https://api.example.com');
    expect(loadSettings(home)).toEqual(s);
    expect(statSync(settingsPath(home)).mode & 0o777).toBe(0o600);
  });

  it('refuses an invalid value and names the field, writing nothing', () => {
    saveSettings(home, { theme: 'dark' });
    const before = readFileSync(settingsPath(home), 'utf8');
    expect(() => saveSettings(home, { backend: 'cloud' as never })).toThrow(/backend/);
    expect(() => saveSettings(home, { remote: { baseUrl: 'ftp://x', techniqueUrl: '' } })).toThrow(/remote\.baseUrl/);
    expect(readFileSync(settingsPath(home), 'utf8')).toBe(before);
  });

  it('refuses a file that is not JSON with a clear message', () => {
    writeFileSync(settingsPath(home), '{not json');
    expect(() => loadSettings(home)).toThrow(/not valid JSON/);
    expect(defaultSettings().backend).toBe('local');
  });
});

describe('API key', () => {
  const KEY = 'sk_live_1234567890abcdefXYZ';
  const API = 'https://api.example.com/v1';

  it('round-trips encrypted; key files are 0600; the key is in no plain file', () => {
    const box = nodeSecretBox(home);
    expect(hasApiKey(home)).toBe(false);
    expect(getApiKey(home, box, API)).toBeNull();
    saveSettings(home, { backend: 'remote' });
    setApiKey(home, box, KEY, API);
    expect(hasApiKey(home)).toBe(true);
    expect(getApiKey(home, box, API)).toBe(KEY);
    // a new box on the same home (next process) reads it too
    expect(getApiKey(home, nodeSecretBox(home), API)).toBe(KEY);
    expect(statSync(secretKeyPath(home)).mode & 0o777).toBe(0o600);
    expect(statSync(apiKeyPath(home)).mode & 0o777).toBe(0o600);
    for (const p of [settingsPath(home), apiKeyPath(home), secretKeyPath(home)]) {
      expect(readFileSync(p).includes(Buffer.from(KEY))).toBe(false);
    }
    expect(readFileSync(settingsPath(home), 'utf8')).not.toContain(KEY);
  });

  it('prefers SWING_STUDIO_API_KEY, removes with null, rejects whitespace', () => {
    const box = nodeSecretBox(home);
    setApiKey(home, box, KEY, API);
    expect(resolveApiKey(home, box, API, { SWING_STUDIO_API_KEY: 'from-env' })).toBe('from-env');
    expect(resolveApiKey(home, box, API, {})).toBe(KEY);
    expect(() => setApiKey(home, box, 'a b')).toThrow(/spaces/);
    setApiKey(home, box, null);
    expect(hasApiKey(home)).toBe(false);
    expect(resolveApiKey(home, box, API, {})).toBeNull();
  });

  it('detects tampering without revealing the key', () => {
    const box = nodeSecretBox(home);
    setApiKey(home, box, KEY, API);
    const data = readFileSync(apiKeyPath(home));
    data[data.length - 1] = (data[data.length - 1] ?? 0) ^ 0xff;
    writeFileSync(apiKeyPath(home), data);
    let message = '';
    try {
      getApiKey(home, box, API);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/cannot be decrypted/);
    expect(message).not.toContain(KEY);
  });

  it('is given out only for the origin it was saved for, and only over https or loopback (finding 5)', () => {
    const box = nodeSecretBox(home);
    setApiKey(home, box, KEY, API);
    expect(getApiKey(home, box, 'https://api.example.com/other/path')).toBe(KEY); // same origin
    const refused = ['https://evil.example', 'https://api.example.com:8443', 'http://api.example.com', 'https://API.example.com.evil.example'];
    for (const url of refused) expect(() => getApiKey(home, box, url), url).toThrow(/saved for https:\/\/api\.example\.com; enter it again/);
    expect(() => resolveApiKey(home, box, 'http://192.168.1.5:8765', { SWING_STUDIO_API_KEY: 'from-env' })).toThrow(/must use https/);
    expect(() => setApiKey(home, box, KEY, 'http://api.example.com')).toThrow(/must use https/);
    setApiKey(home, box, KEY, 'http://127.0.0.1:8765');
    expect(getApiKey(home, box, 'http://127.0.0.1:8765')).toBe(KEY);
    setApiKey(home, box, KEY); // saved before any base URL: never sent
    expect(() => getApiKey(home, box, API)).toThrow(/not bound to an API host; enter it again/);
    console.log(`API key origin binding: ${refused.length + 2} sends to another origin or over http refused`);
  });
});

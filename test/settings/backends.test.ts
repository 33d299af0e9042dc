/**
 * The backend resolver: the local service starts lazily once (127.0.0.1, its own token); the
 * remote one needs URLs and a key, and says which is missing without ever printing the key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackendConfigError, createBackendResolver } from '../../main/backends/index.js';
import { nodeSecretBox, setApiKey } from '../../main/settings/api-key.js';
import { saveSettings } from '../../main/settings/settings.js';
import { startFaultServer, type FaultServer } from '../support/fault-server.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'ss-backends-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('createBackendResolver', () => {
  it('starts the local service once, on 127.0.0.1, and stops it on close', async () => {
    const b = createBackendResolver({ home, secretBox: nodeSecretBox(home), env: {}, localService: { log: () => undefined } });
    const c1 = await b.client('local');
    const c2 = await b.client('local');
    expect(c2).toBe(c1);
    const check = await c1.getUploadUrl('clip.mp4');
    expect(new URL(check.uploadUrl).hostname).toBe('127.0.0.1');
    await b.close();
    await expect(c1.getUploadUrl('clip.mp4')).rejects.toMatchObject({ kind: 'network' });
    await expect(b.client('local')).rejects.toThrow(/closed/);
  });

  it('names what the remote backend lacks', async () => {
    const b = createBackendResolver({ home, secretBox: nodeSecretBox(home), env: {} });
    await expect(b.client('remote')).rejects.toThrow(/no base URL/);
    saveSettings(home, { remote: { baseUrl: 'https://api.example.com', techniqueUrl: '' } });
    await expect(b.client('remote')).rejects.toThrow(/no technique URL/);
    saveSettings(home, { remote: { baseUrl: 'https://api.example.com', techniqueUrl: 'https://tech.example.com' } });
    await expect(b.client('remote')).rejects.toBeInstanceOf(BackendConfigError);
    await expect(b.client('remote')).rejects.toThrow(/API key/);
    await b.close();
  });

  describe('with a remote server', () => {
    let server: FaultServer;
    beforeEach(async () => {
      server = await startFaultServer();
    });
    afterEach(() => server.close());

    it('uses the stored key from settings, and the env key first; a wrong key fails without showing it', async () => {
      const box = nodeSecretBox(home);
      saveSettings(home, { backend: 'remote', remote: { baseUrl: server.url, techniqueUrl: server.url } });
      setApiKey(home, box, server.apiKey, server.url);
      const stored = createBackendResolver({ home, secretBox: box, env: {} });
      await expect((await stored.client('remote')).getUploadUrl('clip.mp4')).resolves.toMatchObject({ contentType: 'video/mp4' });
      await stored.close();

      const wrongKey = 'wrong-key-abcdef123456';
      const fromEnv = createBackendResolver({ home, secretBox: box, env: { SWING_STUDIO_API_KEY: wrongKey } });
      const err = await (await fromEnv.client('remote'))
        .getUploadUrl('clip.mp4')
        .then(() => new Error('no error'))
        .catch((e: unknown) => e as Error);
      expect(err).toMatchObject({ kind: 'auth' });
      expect(err.message).not.toContain(wrongKey);
      expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${wrongKey}`);
      await fromEnv.close();
    });

    it('never sends the stored key to another origin: changing the base URL needs the key again (finding 5)', async () => {
      const box = nodeSecretBox(home);
      saveSettings(home, { backend: 'remote', remote: { baseUrl: server.url, techniqueUrl: server.url } });
      setApiKey(home, box, server.apiKey, server.url);
      const other = await startFaultServer();
      try {
        saveSettings(home, { remote: { baseUrl: other.url, techniqueUrl: other.url } });
        const b = createBackendResolver({ home, secretBox: box, env: {} });
        await expect(b.client('remote')).rejects.toThrow(/saved for http:\/\/127\.0\.0\.1:\d+; enter it again/);
        await b.close();
        expect(other.requests).toHaveLength(0);
      } finally {
        await other.close();
      }
    });
  });
});

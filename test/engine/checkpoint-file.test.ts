/**
 * writeCheckpointFile goes through the app's one atomic writer (main/files): the file reads back,
 * is owner-only (0600) and leaves no temp file behind; a missing folder is created.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCheckpointFile, writeCheckpointFile } from '../../main/engine/pose-checkpoint.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeCheckpointFile', () => {
  it('writes a file that parses back, 0600, with no temp file left, creating the folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'ckpt-file-'));
    const file = join(dir, 'key', 'chunk-000000.bin');
    const body = Buffer.from([1, 2, 3, 4, 5]);
    writeCheckpointFile(file, { key: 'k', chunk: 0 }, body);
    const r = parseCheckpointFile<{ chunk: number }>(readFileSync(file), 'k');
    expect(r?.header.chunk).toBe(0);
    expect([...(r?.body ?? [])]).toEqual([1, 2, 3, 4, 5]);
    expect(readdirSync(join(dir, 'key'))).toEqual(['chunk-000000.bin']);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

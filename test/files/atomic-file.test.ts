/**
 * The one atomic-write module (main/files/atomic-file.ts, issue 13 building blocks): text and
 * bytes, owner-only by default, other modes applied despite the umask, parent folders only when
 * asked, `.tmp-` temp names (the library sweep's pattern) and no temp left behind on failure;
 * the streamed writer likewise, with the old file kept whole when its source fails midway.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import {
  TEMP_PREFIX,
  tempPathFor,
  writeFileAtomic,
  writeStreamAtomic,
} from '../../main/files/atomic-file.js';
import { writeSecretFile } from '../../main/service/secrets.js';

const dir = mkdtempSync(join(tmpdir(), 'atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes text and bytes whole, 0600 by default, another mode when asked', () => {
  writeFileAtomic(join(dir, 'a.json'), '{"é":1}\n');
  expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{"é":1}\n');
  expect(statSync(join(dir, 'a.json')).mode & 0o777).toBe(0o600);
  const big = Buffer.alloc(3 * 1024 * 1024, 7);
  writeFileAtomic(join(dir, 'b.bin'), big, { mode: 0o644 });
  expect(readFileSync(join(dir, 'b.bin')).equals(big)).toBe(true);
  expect(statSync(join(dir, 'b.bin')).mode & 0o777).toBe(0o644);
  writeSecretFile(join(dir, 'secret'), 'x\n');
  expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
});

it('creates missing folders only with mkdirs, and leaves no temp file when it fails', () => {
  expect(() => writeFileAtomic(join(dir, 'missing', 'x'), 'x')).toThrow(/ENOENT/);
  writeFileAtomic(join(dir, 'made', 'deeper', 'x'), 'x', { mkdirs: true });
  expect(statSync(join(dir, 'made')).mode & 0o777).toBe(0o700);
  expect(() => writeFileAtomic(join(dir, 'made'), 'x')).toThrow(); // a folder cannot be replaced
  expect(readdirSync(dir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
  expect(basename(tempPathFor(join(dir, 'clip.mp4')))).toMatch(/^\.tmp-[0-9a-f]{12}-clip\.mp4$/);
});

it('writes a stream chunk by chunk, and keeps the old file whole when the stream fails midway', async () => {
  const target = join(dir, 'streamed.bin');
  const chunks = [Buffer.alloc(70_000, 1), Buffer.alloc(5, 2), Buffer.alloc(1_000_000, 3)];
  await writeStreamAtomic(target, Readable.from(chunks));
  expect(readFileSync(target).equals(Buffer.concat(chunks))).toBe(true);
  expect(statSync(target).mode & 0o777).toBe(0o600);
  const failing = Readable.from(
    (function* () {
      yield Buffer.alloc(10, 9);
      throw new Error('source broke');
    })(),
  );
  await expect(writeStreamAtomic(target, failing)).rejects.toThrow('source broke');
  expect(readFileSync(target).equals(Buffer.concat(chunks))).toBe(true);
  await expect(writeStreamAtomic(join(dir, 'missing', 'y'), failing)).rejects.toThrow(/ENOENT/);
  expect(readdirSync(dir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
});

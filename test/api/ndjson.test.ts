import { describe, expect, it } from 'vitest';
import { ApiError, NdjsonError, readNdjson } from '../../main/api/index.js';

async function collect(chunks: (Buffer | string)[], opts = {}): Promise<unknown[]> {
  async function* src() {
    for (const c of chunks) yield await Promise.resolve(c);
  }
  const out: unknown[] = [];
  for await (const v of readNdjson(src(), opts)) out.push(v);
  return out;
}

async function failure(p: Promise<unknown>): Promise<NdjsonError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(NdjsonError);
  return err as NdjsonError;
}

const values = [
  { a: 1, s: 'café' },
  { status: 'processing', t: '🎾 ball' },
  [1, 2, 3],
  'ü',
  { done: true, n: null },
];
// LF and CRLF endings, blank and whitespace-only lines, no final newline.
const text = `${JSON.stringify(values[0])}\r\n\n${JSON.stringify(values[1])}\n   \r\n${JSON.stringify(values[2])}\n${JSON.stringify(values[3])}\r\n${JSON.stringify(values[4])}`;
const bytes = Buffer.from(text, 'utf8');

describe('readNdjson chunking', () => {
  it('gives the same values for every split position, including inside multi-byte characters', async () => {
    const multiByteSplits = [];
    for (let i = 0; i <= bytes.length; i++) {
      expect(await collect([bytes.subarray(0, i), bytes.subarray(i)])).toEqual(values);
      if (i > 0 && i < bytes.length && (bytes[i]! & 0xc0) === 0x80) multiByteSplits.push(i);
    }
    // The buffer really has splits inside UTF-8 sequences: é and ü (1 each), the 4-byte 🎾 (3).
    expect(multiByteSplits.length).toBe(5);
  });

  it('gives the same values for every pair of split positions (three chunks)', async () => {
    for (let i = 0; i <= bytes.length; i += 3) {
      for (let j = i; j <= bytes.length; j += 5) {
        expect(await collect([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)])).toEqual(
          values,
        );
      }
    }
  });

  it('reads one byte per chunk, whole text in one chunk, and string chunks', async () => {
    expect(await collect([...bytes].map((b) => Buffer.from([b])))).toEqual(values);
    expect(await collect([bytes])).toEqual(values);
    expect(await collect([text.slice(0, 20), text.slice(20)])).toEqual(values);
    expect(await collect([Buffer.from('{"x":1}\n{"x":2}\n{"x":3}\n')])).toEqual([
      { x: 1 },
      { x: 2 },
      { x: 3 },
    ]);
  });

  it('yields nothing for an empty stream or only blank lines', async () => {
    expect(await collect([])).toEqual([]);
    expect(await collect(['\n\r\n  \n'])).toEqual([]);
  });
});

describe('readNdjson errors', () => {
  it('rejects a line over the cap, in one chunk or across chunks', async () => {
    const one = await failure(collect(['{"a":1}\n{"b":"' + 'x'.repeat(100) + '"}\n'], { maxLineBytes: 50 }));
    expect(one.code).toBe('ndjson-line-too-long');
    expect(one.line).toBe(2);
    expect(one.kind).toBe('contract');
    const spread = await failure(
      collect(['{"b":"', 'x'.repeat(30), 'x'.repeat(30), '"}\n'], { maxLineBytes: 50 }),
    );
    expect(spread.code).toBe('ndjson-line-too-long');
    expect(spread.line).toBe(1);
  });

  it('names the line of invalid JSON (blank lines counted)', async () => {
    const err = await failure(collect(['{"a":1}\n\n{"a":', '2,}\n{"a":3}\n']));
    expect(err.code).toBe('ndjson-invalid-json');
    expect(err.line).toBe(3);
    expect(err.message).toContain('line 3');
  });

  it('reports a source that throws as a cut connection', async () => {
    async function* src() {
      yield await Promise.resolve(Buffer.from('{"a":1}\n{"a"'));
      throw new Error('socket hang up');
    }
    const seen: unknown[] = [];
    const err = await failure(
      (async () => {
        for await (const v of readNdjson(src())) seen.push(v);
      })(),
    );
    expect(seen).toEqual([{ a: 1 }]);
    expect(err.code).toBe('ndjson-connection-cut');
    expect(err.kind).toBe('network');
    expect(err.message).toContain('socket hang up');
  });

  it('reports a stream ending in the middle of a line as a cut connection', async () => {
    const err = await failure(collect(['{"a":1}\n{"status":"do']));
    expect(err.code).toBe('ndjson-connection-cut');
    expect(err.line).toBe(2);
  });

  it('times out when no chunk arrives for idleTimeoutMs', async () => {
    let returned = false;
    const src: AsyncIterable<Buffer> = {
      [Symbol.asyncIterator]: () => {
        let n = 0;
        return {
          next: () =>
            n++ === 0
              ? Promise.resolve({ done: false, value: Buffer.from('{"a":1}\n') })
              : new Promise(() => undefined),
          return: () => {
            returned = true;
            return Promise.resolve({ done: true, value: undefined });
          },
        };
      },
    };
    const seen: unknown[] = [];
    const err = await failure(
      (async () => {
        for await (const v of readNdjson(src, { idleTimeoutMs: 50 })) seen.push(v);
      })(),
    );
    expect(seen).toEqual([{ a: 1 }]);
    expect(err.code).toBe('ndjson-idle-timeout');
    expect(err.kind).toBe('timeout');
    expect(returned).toBe(true);
  });

  it('stops with kind cancelled when the signal aborts', async () => {
    const ctl = new AbortController();
    async function* src() {
      yield Buffer.from('{"a":1}\n');
      await new Promise(() => undefined);
    }
    const p = (async () => {
      for await (const _ of readNdjson(src(), { signal: ctl.signal })) ctl.abort();
    })();
    const err = await p.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('cancelled');
  });
});

/**
 * Child process of pose-checks.test.ts: reads one archive with readArchive and prints, as one
 * JSON line, what happened and the memory it took. Usage: node --import tsx pose-bomb-child.ts <archive.zip>
 * Output: {error: message | null, rssBefore: bytes, maxRss: bytes (the process' peak resident set,
 * getrusage), heapBefore, heapAfter: bytes}.
 */
import { readFileSync } from 'node:fs';
import { readArchive } from '../../main/archive/read.js';

const bytes = readFileSync(process.argv[2]!);
const rssBefore = process.memoryUsage().rss;
const heapBefore = process.memoryUsage().heapUsed;
let error: string | null = null;
try {
  readArchive(bytes);
} catch (err) {
  error = err instanceof Error ? err.message : String(err);
}
process.stdout.write(
  `${JSON.stringify({ error, rssBefore, maxRss: process.resourceUsage().maxRSS * 1024, heapBefore, heapAfter: process.memoryUsage().heapUsed })}\n`,
);

/**
 * Child process of crash.test.ts: ingests analyses in a loop (with new, shared and deleted
 * clips) until it is SIGKILLed. Usage: node --import tsx ingest-child.ts <home> <work dir>.
 * Prints "ready" once the library is open; appends "start <uid>" / "done <uid>" to <work>/log.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLibrary } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { deleteSession } from '../../main/library/sessions.js';
import { ingestInput } from './helpers.js';

const [home, work] = process.argv.slice(2);
if (!home || !work) throw new Error('usage: ingest-child.ts <home> <work dir>');
const db = openLibrary(home);
const shared = join(work, 'shared.mp4');
writeFileSync(shared, Buffer.alloc(256 * 1024, 7));
const log = join(work, 'log');
process.stdout.write('ready\n');
const tag = randomBytes(3).toString('hex');
for (let i = 0; ; i++) {
  const uid = `crash-${tag}-${i}`;
  let clip = shared;
  if (i % 3 !== 0) {
    clip = join(work, `clip-${uid}.mp4`);
    writeFileSync(clip, randomBytes(512 * 1024));
  }
  appendFileSync(log, `start ${uid}\n`);
  // Every other ingest with a received archive (a local analysis stores none).
  const id = ingestAnalysis(db, ingestInput({ uid, clip, frames: 300, seed: i + 1, tags: [`t${i % 4}`], archive: i % 2 === 0 }));
  appendFileSync(log, `done ${uid}\n`);
  if (i % 4 === 3) deleteSession(db, id);
}

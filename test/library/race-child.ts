/**
 * Child process of race.test.ts. Usage: node --import tsx race-child.ts <role> <home> <work dir> [rounds]
 *  - `writer`: ingests <rounds> analyses (fresh clips, and every third one the shared clip),
 *    deleting every fifth right after; appends "kept <uid>" / "deleted <uid>" to <work>/writer.log.
 *  - `sweeper`: until <work>/stop exists, opens the library, sweeps with no grace period (the
 *    worst case: only the lock protects the writer), lists the sessions, and every fourth pass
 *    ingests and deletes a session of the shared clip; prints the pass count on exit.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLibrary } from '../../main/library/db.js';
import { ingestAnalysis } from '../../main/library/ingest.js';
import { deleteSession, listSessions } from '../../main/library/sessions.js';
import { sweepOrphans } from '../../main/library/sweep.js';
import { ingestInput } from './helpers.js';

const [role, home, work, roundsArg] = process.argv.slice(2);
if (!role || !home || !work) throw new Error('usage: race-child.ts writer|sweeper <home> <work dir> [rounds]');
const shared = join(work, 'shared.mp4');
if (!existsSync(shared)) writeFileSync(shared, Buffer.alloc(128 * 1024, 7));

if (role === 'writer') {
  const db = openLibrary(home);
  const log = join(work, 'writer.log');
  for (let i = 0; i < Number(roundsArg ?? 50); i++) {
    const uid = `race-w-${i}`;
    let clip = shared;
    if (i % 3 !== 0) {
      clip = join(work, `clip-${i}.mp4`);
      writeFileSync(clip, randomBytes(256 * 1024));
    }
    // With a received archive: the race is about files the rows name (a local analysis stores none).
    const id = ingestAnalysis(db, ingestInput({ uid, clip, frames: 60, seed: i + 1, archive: true }));
    if (i % 5 === 4) {
      deleteSession(db, id);
      appendFileSync(log, `deleted ${uid}\n`);
    } else appendFileSync(log, `kept ${uid}\n`);
  }
  db.close();
} else {
  const tag = randomBytes(3).toString('hex');
  let passes = 0;
  while (!existsSync(join(work, 'stop'))) {
    const db = openLibrary(home);
    sweepOrphans(db, { graceMs: 0 });
    listSessions(db, {});
    if (passes % 4 === 3) deleteSession(db, ingestAnalysis(db, ingestInput({ uid: `race-s-${tag}-${passes}`, clip: shared, frames: 30 })));
    db.close();
    passes++;
  }
  process.stdout.write(`${passes}\n`);
}

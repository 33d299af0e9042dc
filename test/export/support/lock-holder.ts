/**
 * Child process of import-processes.ts `holdLibraryLock`. Usage:
 * node --import tsx lock-holder.ts <library root> <marker file> <stop file>
 * Takes the library-folder lock (main/library/lock.ts), writes <marker file>, and keeps the lock
 * until <stop file> exists (checked every 20 ms, sleeping in between: `fn` of the lock is synchronous).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { withLibraryLock } from '../../../main/library/lock.js';

const [root, marker, stop] = process.argv.slice(2);
if (!root || !marker || !stop)
  throw new Error('usage: lock-holder.ts <library root> <marker file> <stop file>');
const nap = new Int32Array(new SharedArrayBuffer(4));
withLibraryLock(root, () => {
  writeFileSync(marker, 'locked');
  while (!existsSync(stop)) Atomics.wait(nap, 0, 0, 20);
});

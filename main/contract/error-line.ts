/**
 * The sentence a person reads for a failure of the machine underneath the app: SQLite result
 * codes of the library database (better-sqlite3's `SqliteError`, extended codes such as
 * `SQLITE_CONSTRAINT_DATATYPE`) and Node's file-system error codes (`ENOSPC`, `EACCES`, …).
 * Their own texts ("string or blob too big", "ENOSPC: no space left on device, write") name
 * neither the cause in a coach's words nor what to do. The CLI (main/jobs/reason.ts
 * `oneLineReason`, printed by main/cli/program.ts) and the app (main/ipc/errors.ts) both show
 * these sentences. Codes: https://www.sqlite.org/rescode.html, Node `errno` codes (libuv).
 */

/** Largest text or blob SQLite stores in one value, bytes (SQLITE_MAX_LENGTH, its default 10⁹; better-sqlite3 keeps it). */
const SQLITE_MAX_LENGTH_BYTES = 1_000_000_000;

/** Sentence of each SQLite primary result code (the part before the first `_` after `SQLITE_`). */
const SQLITE_SENTENCES: Readonly<Record<string, string>> = {
  TOOBIG: `a value is too big for the library database (SQLite stores at most ${SQLITE_MAX_LENGTH_BYTES / 1e9} GB in one text or blob): the input is oversized or damaged`,
  FULL: 'the disk holding the library is full: free some space and try again',
  READONLY:
    'the library database is read-only: check that the Swing Studio folder and its library/ folder are writable',
  CANTOPEN:
    'the library database file cannot be opened: check that the Swing Studio folder exists, is readable and is not on a disconnected drive',
  NOTADB:
    'the library database file is not a Swing Studio library (damaged or replaced): restore library/library.sqlite from a backup',
  CORRUPT: 'the library database is damaged: restore library/library.sqlite from a backup',
  BUSY: 'the library database is in use by another Swing Studio: close it or wait, then try again',
  LOCKED: 'the library database is in use by another Swing Studio: close it or wait, then try again',
  IOERR: 'the disk failed while reading or writing the library database: check the drive, then try again',
  NOMEM:
    'the computer ran out of memory while using the library database: close other programs and try again',
  PERM: 'the library database file may not be accessed: check its permissions',
  AUTH: 'the library database file may not be accessed: check its permissions',
};

/** Sentence of each Node file-system error code; `{path}` is replaced by the file the error names. */
const FS_SENTENCES: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full{at}: free some space and try again',
  EDQUOT: 'the disk quota is used up{at}: free some space and try again',
  EACCES: 'permission denied{at}: check that the file or folder may be read and written',
  EPERM: 'operation not permitted{at}: check the file or folder permissions',
  EROFS: 'the file system is read-only{at}: choose a writable place',
  ENOENT: 'no such file or folder{at}',
  ENOTDIR: 'a folder in the path is a file{at}',
  EISDIR: 'a folder was given where a file is expected{at}',
  EEXIST: 'a file already exists{at}',
  EMFILE: 'too many files are open: close other programs and try again',
  ENFILE: 'too many files are open: close other programs and try again',
  EIO: 'the disk failed to read or write{at}: check the drive',
  EBUSY: 'the file is in use by another program{at}: close it and try again',
  ENAMETOOLONG: 'a file name is too long{at}',
  EXDEV: 'the file cannot be moved across drives{at}',
};

/**
 * The SQLite sentence for a better-sqlite3 error: a `SqliteError` with a `SQLITE_…` code, or the
 * RangeError its binder throws for a value over SQLite's length limit ("The bound string,
 * buffer, or bigint is too big", src/util/binder.cpp). A datatype refusal of a STRICT table
 * keeps SQLite's words on the column ("cannot store REAL value in INTEGER column
 * sessions.width"), which say what was wrong.
 */
function sqliteLine(err: Error & { code?: unknown }): string | null {
  if (err instanceof RangeError && /^The bound string, buffer, or bigint is too big/.test(err.message))
    return SQLITE_SENTENCES.TOOBIG!;
  if (err.name !== 'SqliteError' || typeof err.code !== 'string' || !err.code.startsWith('SQLITE_'))
    return null;
  if (err.code === 'SQLITE_CONSTRAINT_DATATYPE')
    return `a value has the wrong type for the library database (${err.message}): the input is malformed`;
  const primary = err.code.slice('SQLITE_'.length).split('_')[0]!;
  return SQLITE_SENTENCES[primary] ?? null;
}

/** The file-system sentence for a Node error with a known `code` (`path` named when the error has one). */
function fsLine(err: { code?: unknown; path?: unknown }): string | null {
  if (typeof err.code !== 'string') return null;
  const sentence = FS_SENTENCES[err.code];
  if (!sentence) return null;
  const at = typeof err.path === 'string' ? ` (${err.path})` : '';
  return sentence.replace('{at}', at);
}

/**
 * One sentence saying the cause of `err` and what to do, when it is a SQLite or file-system
 * error this module knows; `null` for anything else (the caller shows the error's own message).
 * An error that lost its `code` is recognised by a message that is Node's own ("ENOSPC", or
 * "ENOSPC: no space left on device, write").
 */
export function systemErrorLine(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const e = err as Error & { code?: unknown; path?: unknown };
  return sqliteLine(e) ?? fsLine(e) ?? fsLine(codeInMessage(e.message));
}

/**
 * The code (and path) of a Node file-system message whose error lost its `code` (re-thrown as a
 * plain Error, sent over a MessagePort): "ENOSPC", or "ENOSPC: no space left on device, open
 * '/x/y'" (libuv's `<code>: <text>, <syscall> '<path>'`).
 */
function codeInMessage(message: string): { code?: string; path?: string } {
  const m = /^(E[A-Z]{2,})(?:: [^,]*(?:, \w+(?: '([^']*)')?)?)?$/.exec(message.trim());
  if (!m) return {};
  return m[2] === undefined ? { code: m[1]! } : { code: m[1]!, path: m[2] };
}

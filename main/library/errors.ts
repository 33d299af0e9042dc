/** Typed errors of the library, told apart by `code` so the UI can show a specific message. */

/** What went wrong in a library operation. */
/**
 * `busy`: another process held the library-folder lock longer than the wait (main/library/lock.ts).
 * `missing-database`: library.sqlite is missing or empty while the folder holds stored clips,
 * archives or thumbnails (db.ts): refused instead of starting an empty library over them.
 * `read-only`: the library folder cannot be written and the operation needs to (db-read.ts).
 */
export type LibraryErrorCode = 'not-found' | 'duplicate-name' | 'invalid-input' | 'in-use' | 'too-new' | 'busy' | 'missing-database' | 'read-only';

/** A library problem with a machine-readable `code`. */
export class LibraryError extends Error {
  override readonly name: string = 'LibraryError';
  constructor(
    readonly code: LibraryErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The database was written by a newer Swing Studio (its `user_version` is above the highest
 * migration this code knows). It is refused rather than opened, so old code never writes rows
 * in a shape a newer schema does not expect.
 */
export class LibraryTooNewError extends LibraryError {
  override readonly name = 'LibraryTooNewError';
  constructor(
    readonly dbVersion: number,
    readonly codeVersion: number,
  ) {
    super('too-new', `the library database has schema version ${dbVersion}, this Swing Studio knows up to ${codeVersion}: update the app`);
  }
}

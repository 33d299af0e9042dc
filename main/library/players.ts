/**
 * Player queries: create, rename, update, get, list, find by name, delete. Names are unique
 * ignoring case (index players_name), so "find by name" and ingest-by-name are unambiguous.
 */
import { HANDS } from '../contract/technique-schema.js';
import type { ReadableDb, WritableDb } from './db.js';
import { LibraryError } from './errors.js';
import { rowToPlayer, type PlayerRow } from './rows.js';
import type { NewPlayer, Player, RowId } from './library-types.js';

const now = (): string => new Date().toISOString();

function checkName(name: string): string {
  const n = name.trim();
  if (n === '') throw new LibraryError('invalid-input', 'player name must not be empty');
  return n;
}

function checkFields(p: Partial<NewPlayer>): void {
  if (p.dominantHand !== undefined && !HANDS.includes(p.dominantHand)) {
    throw new LibraryError('invalid-input', `dominant hand must be left or right, got ${String(p.dominantHand)}`);
  }
  if (p.heightMm !== undefined && !(Number.isFinite(p.heightMm) && p.heightMm > 0)) {
    throw new LibraryError('invalid-input', `player height must be > 0 mm, got ${p.heightMm}`);
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Adds a player.
 * @throws LibraryError `invalid-input` (empty name, bad hand, height ≤ 0), `duplicate-name`.
 */
export function createPlayer(db: WritableDb, p: NewPlayer): Player {
  const name = checkName(p.name);
  checkFields(p);
  try {
    const row = db
      .prepare('INSERT INTO players (name, dominant_hand, height_mm, notes, created_at) VALUES (?, ?, ?, ?, ?) RETURNING *')
      .get(name, p.dominantHand, p.heightMm, p.notes ?? '', now()) as PlayerRow;
    return rowToPlayer(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new LibraryError('duplicate-name', `a player named "${name}" already exists`, { cause: err });
    throw err;
  }
}

/** The player with id `id`, or null. */
export function getPlayer(db: ReadableDb, id: RowId): Player | null {
  const row = db.prepare('SELECT * FROM players WHERE id = ?').get(id) as PlayerRow | undefined;
  return row ? rowToPlayer(row) : null;
}

/** All players, by name (case-insensitive). */
export function listPlayers(db: ReadableDb): Player[] {
  return (db.prepare('SELECT * FROM players ORDER BY name COLLATE NOCASE, id').all() as PlayerRow[]).map(rowToPlayer);
}

/** The player whose name equals `name` ignoring case and surrounding spaces, or null. */
export function findPlayerByName(db: ReadableDb, name: string): Player | null {
  const row = db.prepare('SELECT * FROM players WHERE name = ? COLLATE NOCASE').get(name.trim()) as PlayerRow | undefined;
  return row ? rowToPlayer(row) : null;
}

/**
 * Changes some of a player's fields (name, hand, height, notes).
 * @throws LibraryError `not-found`, `invalid-input`, `duplicate-name`.
 */
export function updatePlayer(db: WritableDb, id: RowId, patch: Partial<NewPlayer>): Player {
  checkFields(patch);
  const cur = getPlayer(db, id);
  if (!cur) throw new LibraryError('not-found', `no player with id ${id}`);
  const name = patch.name === undefined ? cur.name : checkName(patch.name);
  try {
    const row = db
      .prepare('UPDATE players SET name = ?, dominant_hand = ?, height_mm = ?, notes = ? WHERE id = ? RETURNING *')
      .get(name, patch.dominantHand ?? cur.dominantHand, patch.heightMm ?? cur.heightMm, patch.notes ?? cur.notes, id) as PlayerRow;
    return rowToPlayer(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new LibraryError('duplicate-name', `a player named "${name}" already exists`, { cause: err });
    throw err;
  }
}

/** Renames a player (session search follows through a trigger). Same errors as {@link updatePlayer}. */
export function renamePlayer(db: WritableDb, id: RowId, name: string): Player {
  return updatePlayer(db, id, { name });
}

/**
 * Deletes a player that has no sessions.
 * @throws LibraryError `not-found`, `in-use` (delete the player's sessions first).
 */
export function deletePlayer(db: WritableDb, id: RowId): void {
  const n = db.prepare('SELECT count(*) FROM sessions WHERE player_id = ?').pluck().get(id) as number;
  if (n > 0) throw new LibraryError('in-use', `player ${id} has ${n} session(s); delete them first`);
  if (db.prepare('DELETE FROM players WHERE id = ?').run(id).changes === 0) throw new LibraryError('not-found', `no player with id ${id}`);
}

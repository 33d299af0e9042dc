import type Database from 'better-sqlite3';

/**
 * v2: full-text search over session title, notes and player name (FTS5, unicode61 tokenizer
 * without diacritics), kept in step by triggers and filled from existing rows.
 */
export function migrateToVersion2(db: Database.Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE session_search USING fts5 (title, notes, player_name, tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO session_search (rowid, title, notes, player_name)
      SELECT s.id, s.title, s.notes, p.name FROM sessions s JOIN players p ON p.id = s.player_id;
    CREATE TRIGGER sessions_search_insert AFTER INSERT ON sessions BEGIN
      INSERT INTO session_search (rowid, title, notes, player_name)
        VALUES (new.id, new.title, new.notes, (SELECT name FROM players WHERE id = new.player_id));
    END;
    CREATE TRIGGER sessions_search_update AFTER UPDATE OF title, notes, player_id ON sessions BEGIN
      DELETE FROM session_search WHERE rowid = old.id;
      INSERT INTO session_search (rowid, title, notes, player_name)
        VALUES (new.id, new.title, new.notes, (SELECT name FROM players WHERE id = new.player_id));
    END;
    CREATE TRIGGER sessions_search_delete AFTER DELETE ON sessions BEGIN
      DELETE FROM session_search WHERE rowid = old.id;
    END;
    CREATE TRIGGER players_search_rename AFTER UPDATE OF name ON players WHEN old.name IS NOT new.name BEGIN
      UPDATE session_search SET player_name = new.name
        WHERE rowid IN (SELECT id FROM sessions WHERE player_id = new.id);
    END;
  `);
}

/**
 * The library browser's state: players, the filtered session list and the edits a coach
 * makes there (rename, tag, delete). Lists reload when main announces a library change.
 */
import type { Player, SessionSummary } from '../../../../preload/contract.js';
import type { Hand } from '../../../../main/contract/technique-schema.js';
import { call } from '../api.js';
import { emptyFilter, toSessionFilter, type FilterForm } from './library-filter.js';

/** The library store. */
export class LibraryManager {
  players = $state<Player[]>([]);
  sessions = $state<SessionSummary[]>([]);
  filter = $state<FilterForm>(emptyFilter());
  loading = $state(false);
  /** All tags seen in the loaded sessions, sorted (for the tag filter's suggestions). */
  tags = $derived(unique(this.sessions.flatMap((s) => s.tags)).sort());
  #generation = 0;

  /** Reloads players and sessions with the current filter. Stale answers are dropped. @throws ApiError */
  async refresh(): Promise<void> {
    const gen = ++this.#generation;
    this.loading = true;
    try {
      const [players, sessions] = await Promise.all([
        call('library.listPlayers'),
        call('library.listSessions', toSessionFilter(this.filter)),
      ]);
      if (gen !== this.#generation) return;
      this.players = players;
      this.sessions = sessions;
    } finally {
      if (gen === this.#generation) this.loading = false;
    }
  }

  /** Clears every filter field and reloads. @throws ApiError */
  async clearFilter(): Promise<void> {
    this.filter = emptyFilter();
    await this.refresh();
  }

  /** Creates a player and returns it. @throws ApiError (kind 'input' for a bad name or height) */
  async createPlayer(name: string, dominantHand: Hand, heightMm: number): Promise<Player> {
    const p = await call('library.createPlayer', { name, dominantHand, heightMm });
    this.players = [...this.players, p].sort((a, b) => a.name.localeCompare(b.name));
    return p;
  }

  /** Renames session `id`. @throws ApiError */
  async rename(id: number, title: string): Promise<void> {
    await call('library.renameSession', { id, title });
    this.sessions = this.sessions.map((s) => (s.id === id ? { ...s, title: title.trim() } : s));
  }

  /** Replaces the tags of session `id`. @throws ApiError */
  async setTags(id: number, tags: string[]): Promise<void> {
    await call('library.setTags', { id, tags });
    this.sessions = this.sessions.map((s) => (s.id === id ? { ...s, tags } : s));
  }

  /** Deletes session `id` (the caller asked for confirmation). @throws ApiError */
  async remove(id: number): Promise<void> {
    await call('library.deleteSession', { id });
    this.sessions = this.sessions.filter((s) => s.id !== id);
  }
}

/** The app's library. */
export const library = new LibraryManager();

/** The distinct values of `list`, first occurrence order. */
function unique(list: readonly string[]): string[] {
  return list.filter((v, i) => list.indexOf(v) === i);
}

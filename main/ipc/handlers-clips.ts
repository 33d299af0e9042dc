/**
 * Handlers of `library.checkClip` and `library.locateClip` (issue 29 item 4, clips kept in place:
 * main/library/linked-clips.ts). Locate takes a path only when the user picked it this session
 * (the file dialog; path-policy.ts), so a page cannot make main read an arbitrary file; the file
 * is then accepted only when its content hash is the session's.
 */
import { checkClip, locateClip } from '../library/linked-clips.js';
import { pathsOf } from '../library/paths.js';
import type { Channel } from '../../preload/contract.js';
import { allowedPath } from './path-policy.js';
import type { HandlerDeps, Handlers } from './handler-types.js';

/** The clip-location channels. */
export type ClipChannel = Extract<Channel, 'library.checkClip' | 'library.locateClip'>;

/** Handlers of the clip-location channels over `deps.db`. */
export function clipHandlers(deps: Pick<HandlerDeps, 'db' | 'emit' | 'picked'>): Pick<Handlers, ClipChannel> {
  const { db, emit, picked } = deps;
  return {
    'library.checkClip': ({ id }) => checkClip(db, id),
    'library.locateClip': async ({ id, path }) => {
      const allowed = await allowedPath(path, picked, pathsOf(db).root);
      const check = await locateClip(db, id, allowed);
      emit('library.changed', { kind: 'session', id, change: 'updated' });
      return check;
    },
  };
}

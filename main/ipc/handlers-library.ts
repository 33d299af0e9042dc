/**
 * Handlers of the `library.*` channels: thin calls into main/library, each write followed by a
 * `library.changed` event so every open page refreshes.
 */
import { getSessionDetail } from '../library/detail.js';
import { deleteDrawing, listDrawings, saveDrawing } from '../library/drawings.js';
import { playerFeatureHistory, playerStrokeHistory } from '../library/history.js';
import { setCaptureFps } from '../library/recompute.js';
import { correctStroke, storedResult } from '../library/stroke-corrections.js';
import { clearReferenceStroke, listReferenceStrokes, setReferenceStroke } from '../library/reference-strokes.js';
import { createPlayer, listPlayers, updatePlayer } from '../library/players.js';
import { deleteSession, listSessions, renameSession, setNotes, setTags } from '../library/sessions.js';
import type { Channel } from '../../preload/contract.js';
import { HandlerError } from './errors.js';
import type { HandlerDeps, Handlers } from './handler-types.js';
import type { ClipChannel } from './handlers-clips.js';

/** The library channels (the clip-location ones are in handlers-clips.ts). */
export type LibraryChannel = Exclude<Extract<Channel, `library.${string}`>, ClipChannel>;

/** Handlers of the library channels over `deps.db`. */
export function libraryHandlers(deps: Pick<HandlerDeps, 'db' | 'emit'>): Pick<Handlers, LibraryChannel> {
  const { db, emit } = deps;
  const sessionChanged = (id: number, change: 'updated' | 'deleted'): null => {
    emit('library.changed', { kind: 'session', id, change });
    return null;
  };
  return {
    'library.listPlayers': () => listPlayers(db),
    'library.createPlayer': (input) => {
      const player = createPlayer(db, input);
      emit('library.changed', { kind: 'player', id: player.id, change: 'created' });
      return player;
    },
    'library.updatePlayer': ({ id, patch }) => {
      const player = updatePlayer(db, id, patch);
      emit('library.changed', { kind: 'player', id, change: 'updated' });
      return player;
    },
    'library.listSessions': (filter) => listSessions(db, filter ?? {}),
    'library.getSession': ({ id }) => {
      const detail = getSessionDetail(db, id);
      if (!detail) throw new HandlerError('not-found', `no session with id ${id}`);
      return detail;
    },
    'library.renameSession': ({ id, title }) => {
      renameSession(db, id, title);
      return sessionChanged(id, 'updated');
    },
    'library.setTags': ({ id, tags }) => {
      setTags(db, id, tags);
      return sessionChanged(id, 'updated');
    },
    'library.setNotes': ({ id, notes }) => {
      setNotes(db, id, notes);
      return sessionChanged(id, 'updated');
    },
    'library.setCaptureFps': ({ id, captureFps }) => {
      setCaptureFps(db, id, captureFps);
      return sessionChanged(id, 'updated');
    },
    'library.correctStroke': ({ id, correction }) => {
      const before = storedResult(db, id);
      correctStroke(db, id, correction);
      sessionChanged(id, 'updated');
      const detail = getSessionDetail(db, id);
      const after = storedResult(db, id);
      if (!detail || !before || !after) throw new HandlerError('not-found', `no session with id ${id}`);
      return { detail, before, after };
    },
    'library.deleteSession': ({ id }) => {
      deleteSession(db, id);
      return sessionChanged(id, 'deleted');
    },
    'library.listDrawings': ({ sessionId }) => listDrawings(db, sessionId),
    'library.saveDrawing': ({ sessionId, id, drawing }) => {
      const saved = saveDrawing(db, sessionId, drawing, id);
      sessionChanged(sessionId, 'updated');
      return saved;
    },
    'library.deleteDrawing': ({ sessionId, id }) => {
      deleteDrawing(db, sessionId, id);
      return sessionChanged(sessionId, 'updated');
    },
    'library.listReferenceStrokes': () => listReferenceStrokes(db),
    'library.setReferenceStroke': ({ playerId, sessionId, strokeIndex }) => {
      const ref = sessionId === null ? (clearReferenceStroke(db, playerId), null) : setReferenceStroke(db, playerId, sessionId, strokeIndex);
      emit('library.changed', { kind: 'player', id: playerId, change: 'updated' });
      return ref;
    },
    'library.playerHistory': ({ playerId, featureName, swingType }) => {
      const points = playerFeatureHistory(db, playerId, featureName);
      return swingType ? points.filter((p) => p.swingType === swingType) : points;
    },
    'library.strokeHistory': ({ playerId, side, featureName }) =>
      playerStrokeHistory(db, playerId, { ...(side ? { side } : {}), ...(featureName ? { featureName } : {}) }),
  };
}

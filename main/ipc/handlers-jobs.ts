/**
 * Handlers of `jobs.*`, `dialog.pickVideos`, `media.urlFor` and `media.previewUrl`: paths from the renderer are
 * accepted only when picked this session or inside the library (path-policy.ts).
 */
import { checkAnalysisInput } from '../jobs/validate.js';
import { pathsOf } from '../library/paths.js';
import { getSession } from '../library/sessions.js';
import { sessionFile } from '../media/session-files.js';
import type { Channel } from '../../preload/contract.js';
import { HandlerError } from './errors.js';
import { allowedPath } from './path-policy.js';
import type { HandlerDeps, Handlers } from './handler-types.js';
import { checkVideoFiles } from './video-check-handlers.js';

/** The channels of this file. */
export type JobsChannel = Extract<Channel, `jobs.${string}` | 'dialog.pickVideos' | 'media.urlFor' | 'media.previewUrl'>;

/** Handlers of the job, dialog and media channels. */
export function jobsHandlers(deps: HandlerDeps): Pick<Handlers, JobsChannel> {
  const { db, jobs, picked } = deps;
  const libraryRoot = pathsOf(db).root;
  return {
    'jobs.check': async ({ paths }) => {
      const allowed = await Promise.all(paths.map((p) => allowedPath(p, picked, libraryRoot)));
      return checkVideoFiles(allowed);
    },
    'jobs.enqueueAnalysis': async (inputs) => {
      const checked = [];
      for (const input of inputs) {
        const videoPath = await allowedPath(input.videoPath, picked, libraryRoot);
        checked.push(checkAnalysisInput({ ...input, videoPath }));
      }
      return checked.map((input) => jobs.enqueueAnalysis(input));
    },
    'jobs.cancel': ({ id }) => {
      if (!jobs.get(id)) throw new HandlerError('not-found', `no job with id ${id}`);
      jobs.cancel(id);
      return null;
    },
    'jobs.list': () => jobs.list(),
    'dialog.pickVideos': async () => {
      if (!deps.pickVideos) {
        throw new HandlerError(
          'input',
          'the file dialog exists only in the desktop app',
          'Use the upload button to add videos in the browser.',
        );
      }
      const chosen = await deps.pickVideos();
      const entries = await Promise.all(chosen.map((p) => picked.add(p)));
      return entries.map((e) => ({ path: e.path, name: e.name, sizeBytes: e.sizeBytes }));
    },
    'media.urlFor': ({ sessionId, kind }) => {
      if (!getSession(db, sessionId)) throw new HandlerError('not-found', `no session with id ${sessionId}`);
      if (kind === 'thumbnail' && sessionFile(db, sessionId, 'thumbnail') === null) return null;
      return deps.mediaUrl(sessionId, kind);
    },
    'media.previewUrl': async ({ path }) => {
      const allowed = await allowedPath(path, picked, libraryRoot);
      if (!deps.pickedMediaUrl) throw new HandlerError('input', 'this app cannot preview videos', 'Analyse without choosing the person: the analysis picks the player itself.');
      // Decided: a library file is registered as picked for its preview (the media route serves it
      // under /library/ anyway), so one URL form serves both.
      return deps.pickedMediaUrl((picked.get(allowed) ?? (await picked.add(allowed))).id);
    },
  };
}

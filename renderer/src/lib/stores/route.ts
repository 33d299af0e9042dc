/**
 * The app's screens as location hashes (`#/library`, `#/new`, `#/session/12`, `#/compare/12/7`,
 * `#/settings`), so
 * the back button works and tests can open a screen directly. Pure parse/format helpers.
 * A compared stroke is a session id (its analysed stroke) or `<session-id>:<stroke>`, as the
 * CLI's `export --compare` takes it: `#/compare/12:2/7` is stroke 2 of session 12 against session 7.
 */
import { formatStrokeRef, parseStrokeRef } from '../../../../main/contract/stroke-ref.js';

/** A screen and its parameters. */
export type Route =
  | { screen: 'library' }
  | { screen: 'new' }
  | { screen: 'settings' }
  | { screen: 'session'; id: number }
  | { screen: 'compare'; a: number; b: number; strokeA?: number | null; strokeB?: number | null };

/** The route of a location hash; unknown hashes go to the library. */
export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/');
  switch (parts[0]) {
    case 'new':
      return { screen: 'new' };
    case 'settings':
      return { screen: 'settings' };
    case 'session': {
      const id = Number(parts[1]);
      return Number.isInteger(id) && id > 0 ? { screen: 'session', id } : { screen: 'library' };
    }
    case 'compare': {
      const [a, b] = [parseStrokeRef(parts[1] ?? ''), parseStrokeRef(parts[2] ?? '')];
      return a && b ? { screen: 'compare', a: a.sessionId, b: b.sessionId, strokeA: a.strokeIndex, strokeB: b.strokeIndex } : { screen: 'library' };
    }
    default:
      return { screen: 'library' };
  }
}

/** The location hash of a route. */
export function routeHash(route: Route): string {
  if (route.screen === 'session') return `#/session/${route.id}`;
  if (route.screen === 'compare') {
    return `#/compare/${formatStrokeRef({ sessionId: route.a, strokeIndex: route.strokeA ?? null })}/${formatStrokeRef({ sessionId: route.b, strokeIndex: route.strokeB ?? null })}`;
  }
  return `#/${route.screen}`;
}

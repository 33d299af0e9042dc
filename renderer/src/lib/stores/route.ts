/**
 * The app's screens as location hashes (`#/library`, `#/new`, `#/session/12`, `#/compare/12/7`,
 * `#/settings`), so
 * the back button works and tests can open a screen directly. Pure parse/format helpers.
 */

/** A screen and its parameters. */
export type Route =
  | { screen: 'library' }
  | { screen: 'new' }
  | { screen: 'settings' }
  | { screen: 'session'; id: number }
  | { screen: 'compare'; a: number; b: number };

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
      const [a, b] = [Number(parts[1]), Number(parts[2])];
      return [a, b].every((x) => Number.isInteger(x) && x > 0) ? { screen: 'compare', a, b } : { screen: 'library' };
    }
    default:
      return { screen: 'library' };
  }
}

/** The location hash of a route. */
export function routeHash(route: Route): string {
  if (route.screen === 'session') return `#/session/${route.id}`;
  if (route.screen === 'compare') return `#/compare/${route.a}/${route.b}`;
  return `#/${route.screen}`;
}

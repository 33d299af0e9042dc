/**
 * The current screen, following `location.hash` (see ./route.ts).
 */
import { parseRoute, routeHash, type Route } from './route.js';

/** The router store. */
export class Router {
  route = $state<Route>({ screen: 'library' });

  /** Starts following hash changes; returns the stop function. */
  start(): () => void {
    const sync = () => (this.route = parseRoute(location.hash));
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }

  /** Goes to `route` (adds a history entry). */
  go(route: Route): void {
    const hash = routeHash(route);
    if (location.hash === hash) this.route = route;
    else location.hash = hash;
  }
}

/** The app's router. */
export const router = new Router();

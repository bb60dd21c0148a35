import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './router';

/**
 * The console's router, in its own chunk: /login paints before it loads (SignInShell.tsx,
 * ). With Sentry on, its wrapped `createBrowserRouter` names each transaction after
 * the route pattern (`/p/:id/scans`), never the raw URL with ids. It opens the location of the
 * moment it is created.
 */
export function createConsole(create: typeof createBrowserRouter = createBrowserRouter) {
  return <RouterProvider router={create(routes)} />;
}

/**
 * Starts downloading the code of the screen being opened (its lazy route modules) at once,
 * in parallel with the configuration and the auth SDK, instead of after them. The
 * router's own `lazy()` calls then find the modules already loaded.
 */
export function preloadCurrentRoute() {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') void Promise.resolve(lazy()).catch(() => undefined);
  }
}

import type { FastifyInstance } from 'fastify';

export interface RouteRow {
  method: string;
  /** The full path as declared, e.g. `/api/user/order/:id/returnable`. */
  url: string;
}

/**
 * Every METHOD full-path pair of the router, read from printRoutes' tree (HEAD left out: Fastify
 * adds it to every GET). The authorisation tests walk this, so a route added later is in their
 * matrices without anyone listing it.
 */
export function routeTable(text: string): RouteRow[] {
  const routes: RouteRow[] = [];
  const stack: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const methods = match[3]?.split(', ') ?? [];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/** The app's routes, as the router holds them. */
export function appRoutes(app: FastifyInstance): RouteRow[] {
  return routeTable(app.printRoutes({ commonPrefix: false }));
}

/**
 * Each path parameter of a route, named by the path up to and including it
 * (`/api/vendor/orders/:id/status` has `/api/vendor/orders/:id`).
 */
export function paramKeys(url: string): string[] {
  return [...url.matchAll(/:\w+/g)].map((m) => url.slice(0, (m.index ?? 0) + m[0].length));
}

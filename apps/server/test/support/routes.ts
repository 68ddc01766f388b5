import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route of the app as its router holds it, read from `printRoutes` (the router's own tree:
 * each line a path fragment under its parent, four columns a level below the root, with the methods it answers).
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const pathAt: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ├└─]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4 - 1;
    const path = (depth === 0 ? '' : pathAt[depth - 1]!) + match[2]!;
    pathAt[depth] = path;
    for (const method of match[3]!.split(', ')) entries.push({ method, url: path });
  }
  return entries;
}

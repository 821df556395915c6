import type { Deps } from '@opencare/api/deps';
import { restApi } from '@opencare/api/transport/rest/rest-api';
import { appRouter } from '@opencare/api/transport/trpc/root';
import Fastify from 'fastify';
import type { Socket } from 'socket.io-client';
import type { TestEdge } from './test-edge';

/**
 * What the edge answers, read from the routers themselves rather than written out by hand, so the
 * access matrix and the hostile-input suite cover a route the day it is added (issue 8).
 */
export interface RestRoute {
  method: string;
  /** Fastify's pattern under /api/v1, e.g. `/api/v1/patients/:id/gateways`. */
  url: string;
}

/** Every REST route, as registered by the real plugin (HEAD twins of GET left out). */
export async function restRoutes(deps: Deps): Promise<RestRoute[]> {
  const app = Fastify({ logger: false });
  const routes: RestRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });
  await app.register(restApi(deps), { prefix: '/api/v1' });
  await app.ready();
  await app.close();
  return routes;
}

export interface TrpcProcedure {
  /** Dotted path as the client calls it, e.g. `patients.list`. */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
}

/** Every tRPC procedure of the app router. */
export function trpcProcedures(): TrpcProcedure[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: TrpcProcedure['type'] } }>;
  return Object.entries(procedures).map(([path, procedure]) => ({ path, type: procedure._def.type }));
}

/**
 * The client events a connected person's socket listens to, read from the server side of that
 * socket (Socket.IO's own `disconnect`/`disconnecting`/`error` are left out).
 */
export function socketEvents(t: TestEdge, client: Socket): string[] {
  const server = t.edge.io.of('/').sockets.get(client.id ?? '');
  if (!server) throw new Error('that socket is not connected to this edge');
  const builtIn = new Set(['disconnect', 'disconnecting', 'error']);
  return server.eventNames().map(String).filter((name) => !builtIn.has(name));
}

import { ERRORS } from '@opencare/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { loggableError, toErrorResponse } from '../http-errors';
import { authRoutes } from './auth.routes';
import { peopleRoutes } from './people.routes';
import { systemRoutes } from './system.routes';

/** REST v1 (spec §7) as one Fastify plugin; the edge mounts it under /api/v1. */
export function restApi(deps: Deps) {
  return async function restPlugin(app: FastifyInstance) {
    // JSON only: a text body is refused with 415 rather than read as a string.
    app.removeContentTypeParser('text/plain');
    app.setErrorHandler((error, req, reply) => {
      const { status, body } = toErrorResponse(error);
      if (status >= 500) req.log.error({ err: loggableError(error) }, 'request failed');
      return reply.status(status).send(body);
    });
    app.setNotFoundHandler((_req, reply) =>
      reply.status(404).send({ success: false, key: 'notFound', message: ERRORS.notFound.message }),
    );
    authRoutes(app, deps);
    peopleRoutes(app, deps);
    systemRoutes(app, deps);
    await Promise.resolve();
  };
}

import { ERRORS } from '@opencare/schemas/errors';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError, refuseUnsafeText } from '../../errors/app-error';
import { utf8OrUndefined } from '../http-request';
import { loggableError, toErrorResponse } from '../http-errors';
import { bearerToken, requestMetaOf, requestedAccountId } from '../http-request';
import { OPERATION_SETS } from '../../operations/all-operations';
import { apiDocsPage } from '../operations/api-docs-page';
import { openApiDocument, type RegisteredRoute } from '../operations/openapi';
import { registerOperations } from '../operations/rest-operations';
import { logRefusal } from '../refusals';
import { authRoutes } from './auth.routes';
import { fhirRoutes } from './fhir.routes';
import { callCheckRoutes } from './call-check.routes';
import { mailAttachmentRoutes } from './mail-attachments.routes';
import { monitoringReportRoutes } from './monitoring-report.routes';
import { systemRoutes } from './system.routes';

/** REST v1 (spec §7) as one Fastify plugin; the edge mounts it under /api/v1. */
export function restApi(deps: Deps) {
  return async function restPlugin(app: FastifyInstance) {
    // JSON only: a text body is refused with 415 rather than read as a string. An empty JSON body is
    // no body (refresh and logout take none); bodies that need fields still fail validation.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['text/plain', 'application/json']);
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      const text = utf8OrUndefined(body as Buffer);
      if (text === undefined) {
        done(new AppError('malformedRequest'), undefined);
        return;
      }
      if (text === '') {
        done(null, undefined);
        return;
      }
      void parseJson(req, text, done);
    });
    // Every route, FHIR's included: no NUL, lone surrogate or runaway nesting in a path parameter,
    // the query or a JSON body reaches a handler (binary uploads are bytes, not text).
    app.addHook('preValidation', async (req) => {
      refuseUnsafeText(req.params);
      refuseUnsafeText(req.query);
      refuseUnsafeText(req.body);
      await Promise.resolve();
    });
    app.setErrorHandler(async (error, req, reply) => {
      const { status, body } = toErrorResponse(error);
      if (status >= 500) req.log.error({ err: loggableError(error) }, 'request failed');
      if (status === 403) {
        const who = { token: bearerToken(req), accountId: requestedAccountId(req) };
        await logRefusal(deps, who, requestMetaOf(req), `${req.method} ${req.routeOptions.url ?? req.url}`);
      }
      return reply.status(status).send(body);
    });
    app.setNotFoundHandler((_req, reply) =>
      reply.status(404).send({ success: false, key: 'notFound', message: ERRORS.notFound.message }),
    );
    // The OpenAPI document lists every route this plugin registers (declared or not yet).
    const registered: RegisteredRoute[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    });
    let document: ReturnType<typeof openApiDocument> | undefined;
    const theDocument = () => (document ??= openApiDocument(OPERATION_SETS, registered, deps.config.runtime.version));
    app.get('/openapi.json', async (_req, reply) => reply.send(theDocument()));
    let docsPage: string | undefined;
    app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send((docsPage ??= apiDocsPage(theDocument()))));
    // Declared operations (one declaration per operation); the hand-written routes below are the
    // features not converted yet and the special routes (declared `custom`).
    registerOperations(app, deps, OPERATION_SETS);
    authRoutes(app, deps);
    void app.register(fhirRoutes(deps, '/api/v1/fhir/R4'), { prefix: '/fhir/R4' });
    systemRoutes(app, deps);
    mailAttachmentRoutes(app, deps);
    monitoringReportRoutes(app, deps);
    void app.register(callCheckRoutes(deps));
    await Promise.resolve();
  };
}

/**
 * FHIR R4 at the server's root (`/fhir/R4`): the base a FHIR client is given (issue 21). The same
 * routes as under /api/v1, with the same refusal of unsafe text; links and fullUrls name this base.
 */
export function fhirApi(deps: Deps) {
  return async function fhirRootPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (req) => {
      refuseUnsafeText(req.params);
      refuseUnsafeText(req.query);
      await Promise.resolve();
    });
    await app.register(fhirRoutes(deps, '/fhir/R4'));
  };
}

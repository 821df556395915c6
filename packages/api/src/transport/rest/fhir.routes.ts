import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../deps';
import { fhirObservation, fhirPatient, searchObservations } from '../../fhir/fhir.service';
import { fhirOperationOutcomeSchema, type FhirOperationOutcome } from '../../fhir/fhir-r4';
import { loggableError, toErrorResponse } from '../http-errors';
import { requestMetaOf } from '../http-request';
import { readerOf } from '../operations/rest-operations';

const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** FHIR's issue type for each status we answer with. */
function issueCode(status: number): FhirOperationOutcome['issue'][number]['code'] {
  if (status === 400) return 'invalid';
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 429) return 'throttled';
  return 'exception';
}

const sendFhir = (reply: FastifyReply, status: number, resource: unknown) => reply.status(status).type(FHIR_JSON).send(JSON.stringify(resource));

/**
 * FHIR R4 read and search (`/fhir/R4/...`), by the same access rules as the records they show, with
 * a person's token or an integration's API key. Errors are OperationOutcomes, as FHIR clients expect,
 * carrying the catalogue's message (the generic one at 5xx). Declared in fhir/fhir.operations.ts
 * (`custom`: FHIR's own answers and content type), which also makes the tRPC procedures.
 */
export function fhirRoutes(deps: Deps) {
  return async function fhirPlugin(app: FastifyInstance) {
    app.setErrorHandler((error, req, reply) => {
      const { status, body } = toErrorResponse(error);
      if (status >= 500) req.log.error({ err: loggableError(error) }, 'FHIR request failed');
      const outcome: FhirOperationOutcome = {
        resourceType: 'OperationOutcome',
        issue: (body.errors?.length ? body.errors : [{ field: '', message: body.message }]).map((issue) => ({
          severity: 'error' as const,
          code: issueCode(status),
          diagnostics: issue.message,
          ...(issue.field && issue.field !== '(body)' ? { expression: [issue.field] } : {}),
        })),
      };
      return sendFhir(reply, status, fhirOperationOutcomeSchema.parse(outcome));
    });
    app.setNotFoundHandler((_req, reply) =>
      sendFhir(reply, 404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-supported', diagnostics: 'This FHIR interaction is not supported.' }] }),
    );

    app.get('/Patient/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirPatient(deps, await readerOf(deps, req), requestMetaOf(req), id));
    });
    app.get('/Observation', async (req, reply) =>
      sendFhir(reply, 200, await searchObservations(deps, await readerOf(deps, req), requestMetaOf(req), req.query)),
    );
    app.get('/Observation/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirObservation(deps, await readerOf(deps, req), requestMetaOf(req), id));
    });
    await Promise.resolve();
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { capabilityStatement } from '../../fhir/capability';
import { fhirAppointment, fhirEncounter, fhirPractitioner, patientEverything, searchCare } from '../../fhir/care.service';
import { fhirObservation, fhirPatient, searchObservations, searchPatients } from '../../fhir/fhir.service';
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

/** What a FHIR client may ask for and get: JSON (`_format` or `Accept`); anything else is 406. */
const JSON_FORMATS = ['json', 'application/json', 'application/fhir+json', 'application/json+fhir'];
const acceptsJson = (accept: string | undefined) =>
  !accept || accept.split(',').some((part) => {
    const type = part.split(';')[0]!.trim().toLowerCase();
    return type === '*/*' || type === 'application/*' || JSON_FORMATS.includes(type);
  });

/** `_format` is the transport's to answer (406), not a search parameter: taken out before the search. */
function formatOf(req: FastifyRequest): { query: Record<string, unknown>; json: boolean } {
  const { _format: format, ...query } = (req.query ?? {}) as Record<string, unknown>;
  const json = format === undefined ? acceptsJson(req.headers.accept) : typeof format === 'string' && JSON_FORMATS.includes(format.toLowerCase().replace(' ', '+'));
  return { query, json };
}

/** `Prefer: handling=lenient`: unknown search parameters are left out instead of refused. */
const lenientOf = (req: FastifyRequest) => /(^|[,;\s])handling=lenient\b/.test(String(req.headers.prefer ?? ''));

/**
 * FHIR R4 (`/fhir/R4`, and `/api/v1/fhir/R4` as before): the CapabilityStatement, read and search,
 * by the same access rules as the records they show, with a person's token or an integration's API
 * key. JSON only (`_format` or `Accept` asking for another format is 406); unknown search parameters
 * are refused unless `Prefer: handling=lenient`. Errors are OperationOutcomes, as FHIR clients
 * expect, carrying the catalogue's message (the generic one at 5xx). Declared in
 * fhir/fhir.operations.ts (`custom`: FHIR's own answers and content type), which also makes the
 * tRPC procedures.
 */
export function fhirRoutes(deps: Deps, base: string) {
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
    // Every interaction answers JSON only: a client asking for XML learns it at once (406), whoever it is.
    app.addHook('onRequest', async (req, reply) => {
      if (formatOf(req).json) return;
      await sendFhir(reply, 406, {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'not-supported', diagnostics: 'Only JSON is served: ask for _format=json or Accept: application/fhir+json.' }],
      });
    });

    app.get('/metadata', async (_req, reply) => sendFhir(reply, 200, capabilityStatement(deps, base)));
    app.get('/Patient', async (req, reply) =>
      sendFhir(reply, 200, await searchPatients(deps, await readerOf(deps, req), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Patient/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirPatient(deps, await readerOf(deps, req), requestMetaOf(req), id));
    });
    app.get('/Observation', async (req, reply) =>
      sendFhir(reply, 200, await searchObservations(deps, await readerOf(deps, req), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Observation/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirObservation(deps, await readerOf(deps, req), requestMetaOf(req), id));
    });
    app.get('/Patient/:id/$everything', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await patientEverything(deps, await readerOf(deps, req), requestMetaOf(req), id, { base }));
    });
    app.get('/Practitioner/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirPractitioner(deps, await readerOf(deps, req), requestMetaOf(req), id));
    });
    for (const resourceType of ['Appointment', 'Encounter'] as const) {
      app.get(`/${resourceType}`, async (req, reply) =>
        sendFhir(reply, 200, await searchCare(deps, await readerOf(deps, req), requestMetaOf(req), resourceType, formatOf(req).query, { base, lenient: lenientOf(req) })),
      );
    }
    app.get('/Appointment/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirAppointment(deps, await readerOf(deps, req), requestMetaOf(req), id));
    });
    app.get('/Encounter/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirEncounter(deps, await readerOf(deps, req), requestMetaOf(req), id));
    });
    await Promise.resolve();
  };
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '@opencare/schemas/errors';
import type { IntegrationIdentity, Reader } from '../../api-keys/integration-reader';
import { audit } from '../../audit/audit.service';
import type { Deps } from '../../deps';
import { AppError } from '../../errors/app-error';
import { capabilityStatement } from '../../fhir/capability';
import { fhirAppointment, fhirEncounter, fhirPractitioner, patientEverything, searchCare } from '../../fhir/care.service';
import { fhirObservation, fhirPatient, searchObservations, searchPatients } from '../../fhir/fhir.service';
import { fhirOperationOutcomeSchema, type FhirOperationOutcome } from '../../fhir/fhir-r4';
import { isSmartToken, OAuthError, resolveSmartToken, scopesAllow } from '../../smart/smart-clients.service';
import { authorizeRedirect, issueSmartToken, SMART_AUTHORIZE_PATH } from '../../smart/smart-app.service';
import { smartAuthorizeRequestSchema } from '@opencare/schemas/entities/smart-clients';
import { openIdConfiguration, SMART_TOKEN_PATH, smartConfiguration } from '../../smart/smart-configuration';
import { SMART_JWKS_PATH, smartJwks } from '../../smart/smart-openid';
import { cancelExport, exportFile, exportStatus, startExport } from '../../fhir/bulk-export.service';
import { fhirDevice, fhirProvenance, searchDevices, searchProvenance } from '../../fhir/device.service';
import { fhirCommunication, searchCommunications } from '../../fhir/communication.service';
import { fhirFlag, searchFlags } from '../../fhir/flags.service';
import { createSubscription, deleteSubscription, listSubscriptions, readSubscription } from '../../fhir/subscriptions.service';
import { loggableError, toErrorResponse } from '../http-errors';
import { bearerToken, requestMetaOf } from '../http-request';
import { readerOf } from '../operations/rest-operations';
import { rateLimit } from './rest-kit';

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

/** The scope contexts each kind of SMART token is judged by. */
const SYSTEM_CONTEXT = ['system'] as const;
const APP_CONTEXTS = ['patient', 'user'] as const;

/**
 * Who reads: a SMART token, whose scopes must allow this interaction on this resource type (refused
 * with 403 and audited otherwise) — a backend client's reads as the integration, an app's as the
 * person who allowed it, within the patient context if it has one — or else a person's token or an
 * API key as everywhere.
 */
async function fhirReader(deps: Deps, req: FastifyRequest, resourceType: string | null, interaction: 'read' | 'search'): Promise<Reader> {
  const token = bearerToken(req);
  if (!isSmartToken(token)) return readerOf(deps, req);
  const meta = requestMetaOf(req);
  const grant = await resolveSmartToken(deps, meta, token);
  const app = 'actor' in grant ? grant : undefined;
  const clientId = app ? app.clientId : (grant as IntegrationIdentity).id;
  // null: the service weighs the scopes itself (an export's resource types); apps have no bulk access.
  const allowed = resourceType ? scopesAllow(grant.scopes ?? [], resourceType, interaction, app ? APP_CONTEXTS : SYSTEM_CONTEXT) : !app;
  if (!allowed) {
    await audit(deps.db, app?.actor ?? null, meta, { action: `fhir.${resourceType ?? 'export'}.${interaction}`, resourceType: 'smartClient', resourceId: clientId, outcome: 'denied' });
    throw new AppError('smartScopeMissing');
  }
  if (app) return { kind: 'account', actor: app.actor, smart: { clientId, scopes: app.scopes, patientId: app.patientId } };
  return { kind: 'integration', integration: grant as IntegrationIdentity };
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
      // A field path or message carrying text FHIR strings cannot hold (a hostile key with Unicode
      // spaces): the outcome says what went wrong without it.
      const valid = fhirOperationOutcomeSchema.safeParse(outcome);
      const plain: FhirOperationOutcome = { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: issueCode(status), diagnostics: ERRORS[body.key].message }] };
      return sendFhir(reply, status, valid.success ? valid.data : plain);
    });
    // FHIR clients send resources as application/fhir+json (a Subscription), parsed as JSON is.
    app.addContentTypeParser(['application/fhir+json', 'application/json+fhir'], { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
    app.setNotFoundHandler((_req, reply) =>
      sendFhir(reply, 404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-supported', diagnostics: 'This FHIR interaction is not supported.' }] }),
    );
    // Every interaction answers JSON only: a client asking for XML learns it at once (406), whoever it is.
    app.addHook('onRequest', async (req, reply) => {
      // Bulk export files are NDJSON, and asked for as such.
      if (formatOf(req).json || req.routeOptions.url?.endsWith(EXPORT_FILE_PATH)) return;
      await sendFhir(reply, 406, {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'not-supported', diagnostics: 'Only JSON is served: ask for _format=json or Accept: application/fhir+json.' }],
      });
    });

    app.get('/metadata', async (_req, reply) => sendFhir(reply, 200, capabilityStatement(deps, base)));
    app.get('/.well-known/smart-configuration', async (_req, reply) => reply.send(smartConfiguration(deps, base)));
    app.get('/.well-known/openid-configuration', async (_req, reply) => reply.send(openIdConfiguration(deps, base)));
    app.get(SMART_JWKS_PATH, async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(await smartJwks(deps)));
    await app.register(smartTokenRoute(deps, base));
    smartAuthorizeRoute(app, deps);
    bulkExportRoutes(app, deps, base);
    subscriptionRoutes(app, deps);
    app.get('/Patient', async (req, reply) =>
      sendFhir(reply, 200, await searchPatients(deps, await fhirReader(deps, req, 'Patient', 'search'), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Patient/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirPatient(deps, await fhirReader(deps, req, 'Patient', 'read'), requestMetaOf(req), id));
    });
    app.get('/Observation', async (req, reply) =>
      sendFhir(reply, 200, await searchObservations(deps, await fhirReader(deps, req, 'Observation', 'search'), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Observation/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirObservation(deps, await fhirReader(deps, req, 'Observation', 'read'), requestMetaOf(req), id));
    });
    app.get('/Patient/:id/$everything', async (req, reply) => {
      const { id } = req.params as { id: string };
      const reader = await fhirReader(deps, req, 'Patient', 'read');
      const bundle = await patientEverything(deps, reader, requestMetaOf(req), id, { base });
      // A SMART client gets the resource types its scopes name, and no others.
      const scopes = reader.kind === 'integration' ? reader.integration.scopes : reader.smart?.scopes;
      if (!scopes) return sendFhir(reply, 200, bundle);
      const contexts = reader.kind === 'integration' ? SYSTEM_CONTEXT : APP_CONTEXTS;
      const entry = (bundle.entry ?? []).filter((e) => scopesAllow(scopes, e.resource.resourceType, 'read', contexts));
      return sendFhir(reply, 200, { ...bundle, total: entry.length, entry });
    });
    app.get('/Practitioner/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirPractitioner(deps, await fhirReader(deps, req, 'Practitioner', 'read'), requestMetaOf(req), id));
    });
    for (const resourceType of ['Appointment', 'Encounter'] as const) {
      app.get(`/${resourceType}`, async (req, reply) =>
        sendFhir(reply, 200, await searchCare(deps, await fhirReader(deps, req, resourceType, 'search'), requestMetaOf(req), resourceType, formatOf(req).query, { base, lenient: lenientOf(req) })),
      );
    }
    app.get('/Device', async (req, reply) =>
      sendFhir(reply, 200, await searchDevices(deps, await fhirReader(deps, req, 'Device', 'search'), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Device/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirDevice(deps, await fhirReader(deps, req, 'Device', 'read'), requestMetaOf(req), id));
    });
    app.get('/Provenance', async (req, reply) =>
      sendFhir(reply, 200, await searchProvenance(deps, await fhirReader(deps, req, 'Provenance', 'search'), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Provenance/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirProvenance(deps, await fhirReader(deps, req, 'Provenance', 'read'), requestMetaOf(req), id));
    });
    app.get('/Flag', async (req, reply) =>
      sendFhir(reply, 200, await searchFlags(deps, await fhirReader(deps, req, 'Flag', 'search'), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Flag/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirFlag(deps, await fhirReader(deps, req, 'Flag', 'read'), requestMetaOf(req), id));
    });
    app.get('/Communication', async (req, reply) =>
      sendFhir(reply, 200, await searchCommunications(deps, await fhirReader(deps, req, 'Communication', 'search'), requestMetaOf(req), formatOf(req).query, { base, lenient: lenientOf(req) })),
    );
    app.get('/Communication/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirCommunication(deps, await fhirReader(deps, req, 'Communication', 'read'), requestMetaOf(req), id));
    });
    app.get('/Appointment/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirAppointment(deps, await fhirReader(deps, req, 'Appointment', 'read'), requestMetaOf(req), id));
    });
    app.get('/Encounter/:id', async (req, reply) => {
      const { id } = req.params as { id: string };
      return sendFhir(reply, 200, await fhirEncounter(deps, await fhirReader(deps, req, 'Encounter', 'read'), requestMetaOf(req), id));
    });
    await Promise.resolve();
  };
}

/**
 * The SMART authorization endpoint (`[base]/auth/authorize`, App Launch): a browser redirect, to the
 * web app's consent page or back to the app with an OAuth error (smart-app.service.ts).
 */
function smartAuthorizeRoute(app: FastifyInstance, deps: Deps) {
  app.get(SMART_AUTHORIZE_PATH, { preHandler: rateLimit(deps, 'smartAuthorize', deps.config.publicRateLimitPerMinute, 60_000) }, async (req, reply) => {
    const parsed = smartAuthorizeRequestSchema.safeParse(req.query ?? {});
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const to = await authorizeRedirect(deps, requestMetaOf(req), parsed.success ? parsed.data : {}, query);
    return reply.header('cache-control', 'no-store').redirect(to, 302);
  });
}

/**
 * The SMART token endpoint (`[base]/auth/token`), for backend services and apps: a form in, a token or an OAuth
 * error out (`{ error, error_description }`, RFC 6749 §5.2, beside the catalogue's envelope: OAuth
 * clients ignore members they do not know), never an OperationOutcome. The assertion's audience
 * may be this endpoint or the FHIR base.
 */
function smartTokenRoute(deps: Deps, base: string) {
  return async function smartTokenPlugin(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 32 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    app.setErrorHandler((error, req, reply) => {
      const oauth = error instanceof OAuthError ? error : undefined;
      const { status, body } = toErrorResponse(oauth ? new AppError(oauth.key) : error);
      if (status >= 500) req.log.error({ err: loggableError(error) }, 'SMART token request failed');
      return reply
        .status(status)
        .header('cache-control', 'no-store')
        .send({ error: oauth?.error ?? (status === 429 ? 'slow_down' : 'invalid_request'), error_description: oauth?.description ?? body.message, ...body });
    });
    app.post(SMART_TOKEN_PATH, { preHandler: rateLimit(deps, 'smartToken', deps.config.publicRateLimitPerMinute, 60_000) }, async (req, reply) => {
      const fhirBase = `${deps.config.publicUrl}${base}`;
      const token = await issueSmartToken(deps, requestMetaOf(req), req.body ?? {}, [`${fhirBase}${SMART_TOKEN_PATH}`, fhirBase]);
      return reply.header('cache-control', 'no-store').send(token);
    });
    await Promise.resolve();
  };
}

const EXPORT_FILE_PATH = '/$export-file/:id/:fileId';

/**
 * FHIR Bulk Data export (`$export` at system level and `Patient/$export`), the asynchronous flow of
 * the Bulk Data Access IG: kick-off → 202 with Content-Location → poll the status address (202 with
 * X-Progress and Retry-After, then 200 with the manifest; DELETE cancels) → NDJSON files, which need
 * the same credentials as the kick-off. `Prefer: respond-async` is welcome but not required: every
 * export answers asynchronously.
 */
function bulkExportRoutes(app: FastifyInstance, deps: Deps, base: string) {
  const fhirBase = () => `${deps.config.publicUrl}${base}`;
  const exportReader = (req: FastifyRequest) => fhirReader(deps, req, null, 'read');
  for (const [path, level] of [
    ['/$export', 'system'],
    ['/Patient/$export', 'patient'],
  ] as const) {
    app.get(path, async (req, reply) => {
      const request = `${fhirBase()}${req.url.slice(req.url.indexOf(path))}`;
      const id = await startExport(deps, await exportReader(req), requestMetaOf(req), level, formatOf(req).query, request);
      void reply.header('content-location', `${fhirBase()}/$export-status/${id}`);
      return sendFhir(reply, 202, { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational', diagnostics: 'Export started: poll the Content-Location address.' }] });
    });
  }
  app.get('/$export-status/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const status = await exportStatus(deps, await exportReader(req), requestMetaOf(req), id, `${fhirBase()}/$export-file`);
    if (status.state === 'running') return reply.status(202).header('x-progress', status.progress).header('retry-after', '2').send();
    if (status.state === 'failed') return sendFhir(reply, 500, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception', diagnostics: status.error }] });
    return reply.status(200).header('expires', new Date(Date.now() + 3_600_000).toUTCString()).type('application/json').send(status.manifest);
  });
  app.delete('/$export-status/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    await cancelExport(deps, await exportReader(req), requestMetaOf(req), id);
    return sendFhir(reply, 202, { resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational', diagnostics: 'Export cancelled.' }] });
  });
  app.get(EXPORT_FILE_PATH, async (req, reply) => {
    const { id, fileId } = req.params as { id: string; fileId: string };
    const ndjson = await exportFile(deps, await exportReader(req), requestMetaOf(req), id, fileId);
    return reply.status(200).type('application/fhir+ndjson').send(ndjson);
  });
}

/**
 * FHIR subscriptions (R4 rest-hook) for an integration: create (201 with the signing secret, once),
 * list and read its own, delete (switched off). Notifications are sent by the edge's timer
 * (fhir/subscriptions.service.ts).
 */
function subscriptionRoutes(app: FastifyInstance, deps: Deps) {
  // Which resource type a subscription is to is in its criteria: the service weighs the scopes.
  const reader = (req: FastifyRequest) => fhirReader(deps, req, null, 'read');
  app.post('/Subscription', async (req, reply) => sendFhir(reply, 201, await createSubscription(deps, await reader(req), requestMetaOf(req), req.body)));
  app.get('/Subscription', async (req, reply) => {
    const subscriptions = await listSubscriptions(deps, await reader(req), requestMetaOf(req));
    return sendFhir(reply, 200, { resourceType: 'Bundle', type: 'searchset', total: subscriptions.length, entry: subscriptions.map((resource) => ({ resource })) });
  });
  app.get('/Subscription/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    return sendFhir(reply, 200, await readSubscription(deps, await reader(req), requestMetaOf(req), id));
  });
  app.delete('/Subscription/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    await deleteSubscription(deps, await reader(req), requestMetaOf(req), id);
    return reply.status(204).send();
  });
}

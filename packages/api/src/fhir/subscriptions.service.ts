import { createHmac, randomBytes } from 'node:crypto';
import type { FhirSubscriptionSummary } from '@opencare/schemas/entities/fhir-subscriptions';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import { audit, auditPatientsListed } from '../audit/audit.service';
import { apiKeys, fhirSubscriptionDeliveries, fhirSubscriptions, smartClients } from '../db/schema';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { measurementsStoredAfter } from '../measurements/measurements.repository';
import { scopesAllow } from '../smart/smart-clients.service';
import { fhirSubscriptionSchema, type FhirSubscription } from './fhir-r4';
import { observationsOfRow } from './observations';

/**
 * FHIR subscriptions (issue 21 part 3, R4 rest-hook): an integration (API key or SMART client)
 * asks to be told of new readings of one patient (`Observation?patient={id}`) or of its whole
 * organisation (`Observation`). Every few seconds an edge takes each due subscription (one edge at
 * a time, by a lease), POSTs the readings stored since the last delivery as a Bundle of
 * Observations, signed with the subscription's secret, and moves its cursor only when the endpoint
 * answered 2xx; otherwise it retries with growing pauses. The cursor is in the database, so a
 * restart loses nothing. A subscription stops when its integration's access is revoked.
 */

export const SIGNATURE_HEADER = 'x-opencare-signature';
const SECRET_EXTENSION = 'urn:opencare:subscription-secret';
/** Readings younger than this wait for the next round: a write still committing might otherwise be passed over. */
const SETTLE_MS = 1_000;
const PER_NOTIFICATION = 100;
const LEASE_MS = 30_000;
const MAX_BACKOFF_MS = 15 * 60_000;
const TIMEOUT_MS = 10_000;

const CRITERIA = /^Observation(\?patient=(Patient\/)?([0-9a-f-]{36}))?$/;
const HEADER = /^[A-Za-z0-9-]{1,100}: [^\r\n]{1,1000}$/;

export const subscriptionInputSchema = z.looseObject({
  resourceType: z.literal('Subscription', 'Send a Subscription resource.'),
  status: z.enum(['requested', 'active'], 'A new subscription is requested or active.').optional(),
  reason: z.string().trim().min(1).max(500).default('New readings'),
  criteria: z.string().regex(CRITERIA, 'Use Observation (every reading of the organisation) or Observation?patient={id}.'),
  channel: z.looseObject({
    type: z.literal('rest-hook', 'Only rest-hook channels are served.'),
    endpoint: z.url({ protocol: /^https?$/, error: 'The endpoint must be an https address.' }).max(2000),
    payload: z.enum(['application/fhir+json', 'application/json'], 'The payload is application/fhir+json.').default('application/fhir+json'),
    header: z.array(z.string().regex(HEADER, 'Each header is "Name: value".')).max(10).default([]),
  }),
});

type SubscriptionRow = typeof fhirSubscriptions.$inferSelect;

function toFhirSubscription(row: SubscriptionRow, withSecret = false): FhirSubscription {
  return fhirSubscriptionSchema.parse({
    resourceType: 'Subscription',
    id: row.id,
    status: row.status,
    reason: 'New readings',
    criteria: row.criteria,
    ...(row.error ? { error: row.error } : {}),
    channel: { type: 'rest-hook', endpoint: row.endpoint, payload: 'application/fhir+json' },
    ...(withSecret ? { extension: [{ url: SECRET_EXTENSION, valueString: row.secret }] } : {}),
  });
}

/** Subscriptions are an integration's; a person is refused (audited). */
async function integrationOf(deps: Deps, reader: Reader, meta: RequestMeta, action: string) {
  if (reader.kind === 'account') {
    await audit(deps.db, reader.actor, meta, { action, resourceType: 'fhirSubscription', resourceId: null, outcome: 'denied' });
    throw new AppError('err_forbidden');
  }
  return reader.integration;
}

/** Only https, but for this machine's own addresses outside production (tests, a developer's receiver). */
function endpointAllowed(deps: Deps, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  return deps.config.loopbackWebhooks && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export async function createSubscription(deps: Deps, reader: Reader, meta: RequestMeta, body: unknown): Promise<FhirSubscription> {
  const integration = await integrationOf(deps, reader, meta, 'fhir.subscription.create');
  const input = parseInput(subscriptionInputSchema, body);
  if (!endpointAllowed(deps, input.channel.endpoint)) {
    throw new AppError('validationFailed', { fields: [{ field: 'channel.endpoint', message: 'The endpoint must be an https address.' }] });
  }
  const patientId = CRITERIA.exec(input.criteria)?.[3];
  // A patient's readings: the integration must be able to read that patient now.
  if (patientId) await readablePatient(deps, reader, meta, patientId, 'fhir.subscription.create', 'Export');
  const [row] = await deps.db
    .insert(fhirSubscriptions)
    .values({
      organisationId: integration.organisationId,
      ownerType: integration.type,
      ownerId: integration.id,
      criteria: input.criteria,
      patientAccountId: patientId ?? null,
      endpoint: input.channel.endpoint,
      headers: input.channel.header,
      secret: randomBytes(32).toString('base64url'),
      status: 'active',
      cursorAt: new Date(),
    })
    .returning();
  await audit(deps.db, null, meta, { action: 'fhir.subscription.create', resourceType: integration.type, resourceId: integration.id, outcome: 'allowed' });
  return toFhirSubscription(row!, true);
}

async function ownSubscription(deps: Deps, reader: Reader, meta: RequestMeta, id: string, action: string): Promise<SubscriptionRow> {
  const integration = await integrationOf(deps, reader, meta, action);
  const row = z.uuid().safeParse(id).success ? (await deps.db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id)))[0] : undefined;
  const mine = row !== undefined && row.ownerType === integration.type && row.ownerId === integration.id;
  await audit(deps.db, null, meta, { action, resourceType: 'fhirSubscription', resourceId: row ? id : null, outcome: mine ? 'allowed' : 'denied' });
  if (!row || !mine) throw new AppError('notFound');
  return row;
}

export async function readSubscription(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirSubscription> {
  return toFhirSubscription(await ownSubscription(deps, reader, meta, id, 'fhir.subscription.read'));
}

export async function listSubscriptions(deps: Deps, reader: Reader, meta: RequestMeta): Promise<FhirSubscription[]> {
  const integration = await integrationOf(deps, reader, meta, 'fhir.subscription.search');
  const rows = await deps.db
    .select()
    .from(fhirSubscriptions)
    .where(and(eq(fhirSubscriptions.ownerType, integration.type), eq(fhirSubscriptions.ownerId, integration.id)))
    .orderBy(asc(fhirSubscriptions.createdAt));
  return rows.map((row) => toFhirSubscription(row));
}

/** Deleted by its integration: switched off (its delivery record stays). */
export async function deleteSubscription(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<void> {
  await ownSubscription(deps, reader, meta, id, 'fhir.subscription.delete');
  await deps.db.update(fhirSubscriptions).set({ status: 'off', error: 'Deleted by its integration.' }).where(eq(fhirSubscriptions.id, id));
}

const toSummary = (row: SubscriptionRow, ownerName: string | null): FhirSubscriptionSummary => ({
  id: row.id,
  criteria: row.criteria,
  endpoint: row.endpoint,
  status: row.status,
  error: row.error,
  failedAttempts: row.attempts,
  ownerType: row.ownerType,
  ownerName: ownerName ?? '',
  lastDeliveredAt: row.lastDeliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Subscriptions as an admin sees them, each with the name of the integration that made it. */
async function summaries(deps: Deps, where: SQL): Promise<FhirSubscriptionSummary[]> {
  const rows = await deps.db
    .select({ row: fhirSubscriptions, keyName: apiKeys.name, clientName: smartClients.name })
    .from(fhirSubscriptions)
    .leftJoin(apiKeys, eq(apiKeys.id, fhirSubscriptions.ownerId))
    .leftJoin(smartClients, eq(smartClients.id, fhirSubscriptions.ownerId))
    .where(where)
    .orderBy(desc(fhirSubscriptions.createdAt));
  return rows.map(({ row, keyName, clientName }) => toSummary(row, row.ownerType === 'apiKey' ? keyName : clientName));
}

/** The organisation's subscriptions for its admin, newest first. */
export async function organisationSubscriptions(deps: Deps, actor: Actor, meta: RequestMeta): Promise<FhirSubscriptionSummary[]> {
  requireRouteRole(actor, 'admin');
  await authorize(deps, actor, meta, { action: 'fhirSubscriptions.list', resourceType: 'organisation', resourceId: actor.organisationId, allowed: true });
  return summaries(deps, eq(fhirSubscriptions.organisationId, actor.organisationId));
}

/** An admin switches a subscription of the organisation off (its integration may make a new one). */
export async function switchSubscriptionOff(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<FhirSubscriptionSummary> {
  requireRouteRole(actor, 'admin');
  const [row] = await deps.db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id));
  if (!row) throw new AppError('notFound');
  await authorize(deps, actor, meta, { action: 'fhirSubscriptions.off', resourceType: 'fhirSubscription', resourceId: id, allowed: row.organisationId === actor.organisationId });
  await deps.db.update(fhirSubscriptions).set({ status: 'off', error: 'Switched off by an admin.' }).where(eq(fhirSubscriptions.id, id));
  const [summary] = await summaries(deps, eq(fhirSubscriptions.id, id));
  return summary!;
}

/** The integration still has access: its key or client not revoked, the client still allowed Observations. */
async function ownerStillAllowed(deps: Deps, row: SubscriptionRow): Promise<boolean> {
  if (row.ownerType === 'apiKey') {
    const [key] = await deps.db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, row.ownerId), isNull(apiKeys.revokedAt)));
    return key !== undefined;
  }
  const [client] = await deps.db.select({ scopes: smartClients.scopes }).from(smartClients).where(and(eq(smartClients.id, row.ownerId), isNull(smartClients.revokedAt)));
  return client !== undefined && scopesAllow(client.scopes, 'Observation', 'read');
}

/** `t={seconds},v1={HMAC-SHA256 of "t.body" with the subscription's secret, hex}`: the receiver checks both. */
export function signatureOf(secret: string, body: string, seconds: number): string {
  return `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`;
}

/** One subscription's due delivery, if this edge wins its lease. */
async function deliver(deps: Deps, id: string, base: string): Promise<void> {
  const now = new Date();
  const [row] = await deps.db
    .update(fhirSubscriptions)
    .set({ leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(and(eq(fhirSubscriptions.id, id), or(isNull(fhirSubscriptions.leaseUntil), lt(fhirSubscriptions.leaseUntil, now))))
    .returning();
  if (!row) return;
  const release = (values: Partial<typeof fhirSubscriptions.$inferInsert>) =>
    deps.db.update(fhirSubscriptions).set({ leaseUntil: null, ...values }).where(eq(fhirSubscriptions.id, id));
  if (!(await ownerStillAllowed(deps, row))) {
    await release({ status: 'off', error: 'The integration’s access was revoked.' });
    return;
  }
  const readings = await measurementsStoredAfter(
    deps.db,
    { organisationId: row.organisationId, patientAccountId: row.patientAccountId, afterAt: row.cursorAt, afterId: row.cursorId, before: new Date(now.getTime() - SETTLE_MS) },
    PER_NOTIFICATION,
  );
  if (readings.length === 0) {
    await release({});
    return;
  }
  const body = JSON.stringify({
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: now.toISOString(),
    entry: readings.flatMap(observationsOfRow).map((resource) => ({ fullUrl: `${base}/Observation/${resource.id}`, resource })),
  });
  const headers: Record<string, string> = Object.fromEntries(row.headers.map((header) => [header.slice(0, header.indexOf(':')), header.slice(header.indexOf(':') + 2)]));
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await fetch(row.endpoint, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/fhir+json', [SIGNATURE_HEADER]: signatureOf(row.secret, body, Math.floor(now.getTime() / 1000)) },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    statusCode = res.status;
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) error = `The endpoint answered ${res.status}.`;
  } catch (failure) {
    error = failure instanceof Error && failure.name === 'TimeoutError' ? 'The endpoint did not answer in time.' : 'The endpoint could not be reached.';
  }
  await deps.db.insert(fhirSubscriptionDeliveries).values({ subscriptionId: id, readings: readings.length, statusCode, error });
  if (error) {
    const attempts = row.attempts + 1;
    await release({ status: 'error', error, attempts, nextAttemptAt: new Date(Date.now() + Math.min(1000 * 2 ** (attempts - 1), MAX_BACKOFF_MS)) });
    return;
  }
  const last = readings[readings.length - 1]!;
  await release({ status: 'active', error: null, attempts: 0, cursorAt: last.createdAt, cursorId: last.id, lastDeliveredAt: new Date(), nextAttemptAt: new Date() });
  const meta: RequestMeta = { ip: 'edge', requestId: `subscription:${id}` };
  await auditPatientsListed(deps.db, null, meta, 'fhir.subscription.notify', readings.map((reading) => reading.patientAccountId));
}

/** One round: every subscription that is due (the edge's timer calls this every few seconds). */
export async function deliverSubscriptions(deps: Deps, base = '/fhir/R4'): Promise<void> {
  const due = await deps.db
    .select({ id: fhirSubscriptions.id })
    .from(fhirSubscriptions)
    .where(and(inArray(fhirSubscriptions.status, ['active', 'error']), lte(fhirSubscriptions.nextAttemptAt, new Date())))
    .limit(50);
  for (const { id } of due) await deliver(deps, id, `${deps.config.publicUrl}${base}`);
}

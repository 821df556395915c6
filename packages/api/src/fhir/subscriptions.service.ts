import { createHmac, randomBytes } from 'node:crypto';
import type { FhirSubscriptionSummary } from '@opencare/schemas/entities/fhir-subscriptions';
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { authorize, requireRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import { audit, auditPatientsListed } from '../audit/audit.service';
import type { Executor } from '../db/database';
import { apiKeys, fhirSubscriptionDeliveries, fhirSubscriptions, smartClients } from '../db/schema';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { alertEventsAfter, findAlerts, lastAlertEventId } from '../alerts/alerts.repository';
import { measurementsStoredAfter } from '../measurements/measurements.repository';
import { scopesAllow } from '../smart/smart-clients.service';
import { fhirSubscriptionSchema, type FhirFlag, type FhirObservation, type FhirSubscription } from './fhir-r4';
import { toFhirFlag } from './flags.service';
import { observationsOfRow } from './observations';
import { namesPrivateHost, postWebhook, PrivateAddressError } from './webhook-post';

/**
 * FHIR subscriptions (issue 21 part 3, R4 rest-hook): an integration (API key or SMART client)
 * asks to be told of new readings of one patient (`Observation?patient={id}`) or of its whole
 * organisation (`Observation`), or of their alerts opening and changing (`Flag`, `Flag?patient=`).
 * Every few seconds an edge takes each due subscription (one edge at a time, by a lease), POSTs
 * what happened since the last delivery as a Bundle (the new Observations, or each changed alert's
 * Flag as it is now), signed with the subscription's secret, and moves its cursor only when the
 * endpoint answered 2xx; otherwise it retries with growing pauses. The cursor is in the database,
 * so a restart loses nothing. A subscription stops when its integration's access is revoked.
 */

export const SIGNATURE_HEADER = 'x-opencare-signature';
const SECRET_EXTENSION = 'urn:opencare:subscription-secret';
/** Readings younger than this wait for the next round: a write still committing might otherwise be passed over. */
const SETTLE_MS = 1_000;
const PER_NOTIFICATION = 100;
const LEASE_MS = 30_000;
const MAX_BACKOFF_MS = 15 * 60_000;
const TIMEOUT_MS = 10_000;

const CRITERIA = /^(Observation|Flag)(\?patient=(Patient\/)?([0-9a-f-]{36}))?$/;
/** What a subscription is to, and whose: the resource type and the patient, if one. */
function criteriaOf(criteria: string): { resourceType: 'Observation' | 'Flag'; patientId: string | undefined } {
  const [, resourceType, , , patientId] = CRITERIA.exec(criteria) ?? [];
  return { resourceType: resourceType === 'Flag' ? 'Flag' : 'Observation', patientId };
}
const DEFAULT_REASON = { Observation: 'New readings', Flag: 'Alerts opened and changed' } as const;
const HEADER = /^[A-Za-z0-9-]{1,100}: [^\r\n]{1,1000}$/;

export const subscriptionInputSchema = z.looseObject({
  resourceType: z.literal('Subscription', 'Send a Subscription resource.'),
  status: z.enum(['requested', 'active'], 'A new subscription is requested or active.').optional(),
  reason: z.string().trim().min(1).max(500).optional(),
  criteria: z.string().regex(CRITERIA, 'Use Observation or Flag (every reading or alert of the organisation), or Observation?patient={id} or Flag?patient={id}.'),
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
    reason: row.reason,
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

/**
 * What is wrong with an endpoint, if anything. Only https, and in production never this machine or
 * a private network (checked again as the name resolves at each delivery); outside production also
 * plain http to this machine (tests, a developer's receiver).
 */
function endpointProblem(deps: Deps, endpoint: string): string | null {
  const url = new URL(endpoint);
  if (deps.config.loopbackWebhooks) {
    return url.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? null : 'The endpoint must be an https address.';
  }
  if (url.protocol !== 'https:') return 'The endpoint must be an https address.';
  return namesPrivateHost(url.hostname) ? 'The endpoint must be a public address, not one inside a private network.' : null;
}

function deliveryProblem(failure: unknown): string {
  if (failure instanceof PrivateAddressError) return 'The endpoint’s address is inside a private network.';
  if (failure instanceof Error && failure.name === 'TimeoutError') return 'The endpoint did not answer in time.';
  return 'The endpoint could not be reached.';
}

export async function createSubscription(deps: Deps, reader: Reader, meta: RequestMeta, body: unknown): Promise<FhirSubscription> {
  const integration = await integrationOf(deps, reader, meta, 'fhir.subscription.create');
  const input = parseInput(subscriptionInputSchema, body);
  const problem = endpointProblem(deps, input.channel.endpoint);
  if (problem) throw new AppError('validationFailed', { fields: [{ field: 'channel.endpoint', message: problem }] });
  const { resourceType, patientId } = criteriaOf(input.criteria);
  // A SMART client subscribes only to what its scopes let it read.
  if (integration.scopes && !scopesAllow(integration.scopes, resourceType, 'read')) {
    await audit(deps.db, null, meta, { action: 'fhir.subscription.create', resourceType: integration.type, resourceId: integration.id, outcome: 'denied' });
    throw new AppError('smartScopeMissing');
  }
  // A patient's readings: the integration must be able to read that patient now.
  if (patientId) await readablePatient(deps, reader, meta, patientId, 'fhir.subscription.create', 'Export');
  const [row] = await deps.db
    .insert(fhirSubscriptions)
    .values({
      organisationId: integration.organisationId,
      ownerType: integration.type,
      ownerId: integration.id,
      criteria: input.criteria,
      reason: input.reason ?? DEFAULT_REASON[resourceType],
      patientAccountId: patientId ?? null,
      endpoint: input.channel.endpoint,
      headers: input.channel.header,
      secret: randomBytes(32).toString('base64url'),
      status: 'active',
      cursorAt: new Date(),
      // Alerts: what happens from now on.
      cursorEventId: resourceType === 'Flag' ? await lastAlertEventId(deps.db) : null,
    })
    .returning();
  await audit(deps.db, null, meta, { action: 'fhir.subscription.create', resourceType: integration.type, resourceId: integration.id, outcome: 'allowed' });
  return toFhirSubscription(row!, true);
}

async function ownSubscription(deps: Deps, reader: Reader, meta: RequestMeta, id: string, action: string): Promise<SubscriptionRow> {
  const integration = await integrationOf(deps, reader, meta, action);
  const row = uuidSchema.safeParse(id).success ? (await deps.db.select().from(fhirSubscriptions).where(eq(fhirSubscriptions.id, id)))[0] : undefined;
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

/** The integration still has access: its key or client not revoked, the client still allowed what it subscribed to. */
async function ownerStillAllowed(deps: Deps, row: SubscriptionRow): Promise<boolean> {
  if (row.ownerType === 'apiKey') {
    const [key] = await deps.db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, row.ownerId), isNull(apiKeys.revokedAt)));
    return key !== undefined;
  }
  const [client] = await deps.db.select({ scopes: smartClients.scopes }).from(smartClients).where(and(eq(smartClients.id, row.ownerId), isNull(smartClients.revokedAt)));
  return client !== undefined && scopesAllow(client.scopes, criteriaOf(row.criteria).resourceType, 'read');
}

/** `t={seconds},v1={HMAC-SHA256 of "t.body" with the subscription's secret, hex}`: the receiver checks both. */
export function signatureOf(secret: string, body: string, seconds: number): string {
  return `t=${seconds},v1=${createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex')}`;
}

/** What one notification sends: the resources, the patients they are about, and where the cursor moves once delivered. */
interface Batch {
  resources: (FhirObservation | FhirFlag)[];
  patientIds: string[];
  /** Readings, or alert events. */
  count: number;
  cursor: Partial<typeof fhirSubscriptions.$inferInsert>;
}

/** What happened since the subscription's cursor, up to `before`; nothing new: undefined. */
async function nextBatch(deps: Deps, row: SubscriptionRow, before: Date): Promise<Batch | undefined> {
  const scope = { organisationId: row.organisationId, patientAccountId: row.patientAccountId, before };
  if (criteriaOf(row.criteria).resourceType === 'Flag') {
    const events = await alertEventsAfter(deps.db, { ...scope, afterEventId: row.cursorEventId ?? 0 }, PER_NOTIFICATION);
    if (events.length === 0) return undefined;
    // Each changed alert once, as it is now.
    const alerts = await findAlerts(deps.db, [...new Set(events.map((event) => event.alertId))]);
    return { resources: alerts.map(toFhirFlag), patientIds: events.map((event) => event.patientAccountId), count: events.length, cursor: { cursorEventId: events.at(-1)!.id } };
  }
  const readings = await measurementsStoredAfter(deps.db, { ...scope, afterAt: row.cursorAt, afterId: row.cursorId }, PER_NOTIFICATION);
  if (readings.length === 0) return undefined;
  const last = readings.at(-1)!;
  return { resources: readings.flatMap(observationsOfRow), patientIds: readings.map((reading) => reading.patientAccountId), count: readings.length, cursor: { cursorAt: last.createdAt, cursorId: last.id } };
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
  const release = (values: Partial<typeof fhirSubscriptions.$inferInsert>, db: Executor = deps.db) =>
    db.update(fhirSubscriptions).set({ leaseUntil: null, ...values }).where(eq(fhirSubscriptions.id, id));
  if (!(await ownerStillAllowed(deps, row))) {
    await release({ status: 'off', error: 'The integration’s access was revoked.' });
    return;
  }
  const batch = await nextBatch(deps, row, new Date(now.getTime() - SETTLE_MS));
  if (!batch) {
    await release({});
    return;
  }
  const body = JSON.stringify({
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: now.toISOString(),
    entry: batch.resources.map((resource) => ({ fullUrl: `${base}/${resource.resourceType}/${resource.id}`, resource })),
  });
  const headers: Record<string, string> = Object.fromEntries(row.headers.map((header) => [header.slice(0, header.indexOf(':')), header.slice(header.indexOf(':') + 2)]));
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const res = await postWebhook(
      row.endpoint,
      { ...headers, 'content-type': 'application/fhir+json', [SIGNATURE_HEADER]: signatureOf(row.secret, body, Math.floor(now.getTime() / 1000)) },
      body,
      { timeoutMs: TIMEOUT_MS, allowPrivate: deps.config.loopbackWebhooks },
    );
    statusCode = res.status;
    if (res.status < 200 || res.status >= 300) error = `The endpoint answered ${res.status}.`;
  } catch (failure) {
    error = deliveryProblem(failure);
  }
  // The attempt, the subscription's state after it and the audit of what was sent, in one commit:
  // whoever reads the attempt sees the state it left.
  await deps.db.transaction(async (tx) => {
    await tx.insert(fhirSubscriptionDeliveries).values({ subscriptionId: id, readings: batch.count, statusCode, error });
    if (error) {
      const attempts = row.attempts + 1;
      await release({ status: 'error', error, attempts, nextAttemptAt: new Date(Date.now() + Math.min(1000 * 2 ** (attempts - 1), MAX_BACKOFF_MS)) }, tx);
      return;
    }
    await release({ status: 'active', error: null, attempts: 0, ...batch.cursor, lastDeliveredAt: new Date(), nextAttemptAt: new Date() }, tx);
    const meta: RequestMeta = { ip: 'edge', requestId: `subscription:${id}` };
    await auditPatientsListed(tx, null, meta, 'fhir.subscription.notify', batch.patientIds);
  });
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

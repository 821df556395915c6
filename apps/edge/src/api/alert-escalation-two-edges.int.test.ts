import { runAlertRounds } from '@opencare/api/alerts/alert-rounds';
import { alertEvents, alerts, outbox, patientProfiles } from '@opencare/api/db/schema';
import { testDatabaseKind, testEnv } from '@opencare/api/testing/env';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateRedis, type PrivateRedis } from '../testing/private-servers';
import { collect, connected, nextEvent, socketClients } from '../testing/socket-clients';
import type { TestEdge } from '../testing/test-edge';
import { startTwoEdges } from '../testing/two-edges';

/**
 * Escalation with two edges over one PostgreSQL and one Redis, as docker-compose runs them: both
 * edges run their rounds at once, the step is taken once, and the physician connected to the other
 * edge than the one that took it is told live.
 */
describe.runIf(testDatabaseKind === 'postgres')('alert escalation on two edges (PostgreSQL project)', () => {
  let redis: PrivateRedis | undefined;
  let a: TestEdge;
  let b: TestEdge;
  const clients = socketClients();

  beforeAll(async () => {
    const redisUrl = testEnv.REDIS_URL ?? (redis = await privateRedis()).url;
    [a, b] = await startTwoEdges({ redisUrl });
  }, 60_000);
  afterAll(async () => {
    clients.closeAll();
    await a?.close();
    await b?.close();
    await redis?.kill();
  });

  it('takes each step once whichever edge runs the round, and tells the primary provider on the other edge', async () => {
    const db = a.edge.deps.db;
    const admin = (await a.login('admin')).token;
    const patient = (await a.login('patient')).token;
    const physician = (await b.login('physician')).token;
    const idOf = async (edge: TestEdge, token: string) => (await edge.call('GET', '/api/v1/profile', { token })).body.data.accountId as string;
    const patientId = await idOf(a, patient);
    const physicianId = await idOf(b, physician);
    await db.update(patientProfiles).set({ primaryProviderId: physicianId }).where(eq(patientProfiles.accountId, patientId));
    expect((await a.call('PATCH', '/api/v1/settings/alerts', { token: admin, body: { escalateHighestMinutes: 5 } })).status).toBe(200);

    const onB = await connected(clients.open(b.url, { token: physician }));
    const heard = collect(onB, 'alert:escalated');
    const opened = nextEvent(onB, 'alert:changed', (p) => p.patientId === patientId && p.kind === 'opened');
    expect((await a.call('POST', '/api/v1/measurements', { token: patient, body: { type: 'bt', values: { temperature: 39.9 } } })).status).toBe(201);
    await opened;
    const [alert] = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.patientAccountId, patientId), eq(alerts.type, 'bt'), isNull(alerts.resolvedAt)));
    const alertId = alert?.id ?? '';

    const later = new Date(Date.now() + 6 * 60_000);
    const told = nextEvent(onB, 'alert:escalated', (p) => p.alertId === alertId);
    await Promise.all([runAlertRounds(a.edge.deps, later), runAlertRounds(b.edge.deps, later), runAlertRounds(a.edge.deps, later)]);
    expect(await told).toEqual({ alertId, patientId, step: 'primaryProvider' });

    const steps = await db.select({ kind: alertEvents.kind }).from(alertEvents).where(and(eq(alertEvents.alertId, alertId), eq(alertEvents.kind, 'escalated')));
    expect(steps).toHaveLength(1);
    const mails = await db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, 'physician@demo.opencare.test'));
    expect(mails.filter((m) => m.subject === 'An alert waits for acknowledgement')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard.filter((p) => p.alertId === alertId)).toHaveLength(1);
  }, 60_000);
});

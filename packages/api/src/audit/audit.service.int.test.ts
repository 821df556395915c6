import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import type { DatabaseHandle } from '../db/database';
import { auditLog } from '../db/schema';
import { createTestDatabase } from '../testing/test-database';
import { audit, auditListAndPatients } from './audit.service';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const actor = { userId: randomUUID(), accountId: randomUUID() } as Actor;
const metaOf = (requestId: string) => ({ ip: '127.0.0.1', requestId });
const rowsOf = (requestIds: string[]) =>
  handle.db
    .select({ requestId: auditLog.requestId, resourceId: auditLog.resourceId, transaction: sql<string>`${auditLog}.xmin::text` })
    .from(auditLog)
    .where(inArray(auditLog.requestId, requestIds));

describe('audit rows written at the same moment', () => {
  it("stores each request's rows once, in one insert for all that arrived while another was written", async () => {
    const requests = Array.from({ length: 50 }, () => randomUUID());
    const patients = [randomUUID(), randomUUID()];
    await Promise.all(
      requests.map((requestId, i) =>
        i % 10 === 9
          ? auditListAndPatients(handle.db, actor, metaOf(requestId), { action: 'patients.list', resourceType: 'patient', resourceId: null }, patients)
          : audit(handle.db, actor, metaOf(requestId), { action: 'measurements.create', resourceType: 'patient', resourceId: randomUUID(), outcome: 'allowed' }),
      ),
    );
    const rows = await rowsOf(requests);
    // 45 single rows and 5 lists of three (their own and two patients').
    expect(rows).toHaveLength(45 + 5 * 3);
    for (const [i, requestId] of requests.entries()) expect(rows.filter((row) => row.requestId === requestId)).toHaveLength(i % 10 === 9 ? 3 : 1);
    // The first request's row went alone; the 49 that came while it was written, together.
    expect(new Set(rows.map((row) => row.transaction)).size).toBe(2);
  });

  it("fails only the request whose row cannot be stored, and stores the others' written beside it", async () => {
    const requests = Array.from({ length: 10 }, () => randomUUID());
    const broken = { userId: 'not-a-uuid', accountId: randomUUID() } as Actor;
    const outcomes = await Promise.allSettled(
      requests.map((requestId, i) =>
        audit(handle.db, i === 4 ? broken : actor, metaOf(requestId), { action: 'profile.read', resourceType: 'account', resourceId: null, outcome: 'allowed' }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(requests.map((_, i) => (i === 4 ? 'rejected' : 'fulfilled')));
    const stored = (await rowsOf(requests)).map((row) => row.requestId);
    expect(stored.toSorted()).toEqual(requests.filter((_, i) => i !== 4).toSorted());
  });
});

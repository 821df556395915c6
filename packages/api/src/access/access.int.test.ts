import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { auditLog } from '../db/schema';
import { AppError } from '../errors/app-error';
import { createTestDatabase } from '../testing/test-database';
import { authorizeAlongside } from './access';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** A read by a caller whose user id is `userId`; answers whether the work ran, and the audit rows. */
async function read(userId: string, allowed: boolean) {
  const requestId = randomUUID();
  const actor = {
    userId,
    sessionId: randomUUID(),
    accountId: randomUUID(),
    organisationId: randomUUID(),
    accountType: 'prov' as const,
    roles: [],
  };
  const event = { action: 'test.read', resourceType: 'test', resourceId: null, allowed };
  let worked = false;
  const work = () => {
    worked = true;
    return Promise.resolve('the answer');
  };
  const meta = { ip: '127.0.0.1', requestId };
  const answer = await authorizeAlongside({ db: handle.db }, actor, meta, event, work).catch((error: unknown) => error);
  const audited = await handle.db
    .select({ outcome: auditLog.outcome })
    .from(auditLog)
    .where(eq(auditLog.requestId, requestId));
  return { answer, worked, audited };
}

describe('authorizeAlongside', () => {
  it('answers the work once its audit row is in', async () => {
    expect(await read(randomUUID(), true)).toEqual({
      answer: 'the answer',
      worked: true,
      audited: [{ outcome: 'allowed' }],
    });
  });

  it('fails when the audit row cannot be written, even though the work succeeded', async () => {
    // The database refuses the row: the user id is no uuid.
    const { answer, worked, audited } = await read('not-a-uuid', true);
    expect(answer).toBeInstanceOf(Error);
    expect([worked, audited]).toEqual([true, []]);
  });

  it('does no work for a refusal, and audits it', async () => {
    expect(await read(randomUUID(), false)).toEqual({
      answer: new AppError('err_forbidden'),
      worked: false,
      audited: [{ outcome: 'denied' }],
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../testing/test-database';
import { loggableError } from './http-errors';

/**
 * Issue 15, door 3: a database error's message carries the query text and its parameters (a mail
 * body, a date of birth, an argon2 hash). What the log may say of it is its type, SQLSTATE,
 * constraint and frames only, on both drivers.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.execute(sql`create temporary table door3 (id int primary key, secret text not null)`);
  await handle.db.execute(sql`insert into door3 values (1, 'first')`);
});
afterAll(() => handle.close());

async function failureOf(query: Promise<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

describe('loggableError', () => {
  it('keeps a failed query’s code and constraint, never its parameters or text', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$secretsalt$secrethash';
    const duplicate = await failureOf(handle.db.execute(sql`insert into door3 values (1, ${secret})`));
    const logged = JSON.stringify(loggableError(duplicate));
    expect(JSON.stringify(duplicate, Object.getOwnPropertyNames(duplicate))).toContain('argon2id');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toMatch(/params|insert into|door3 values/i);
    expect(loggableError(duplicate)).toMatchObject({ code: '23505', constraint: 'door3_pkey' });

    const nul = await failureOf(handle.db.execute(sql`insert into door3 values (2, ${'a note\u0000with a NUL'})`));
    const loggedNul = JSON.stringify(loggableError(nul));
    expect(loggedNul).not.toContain('a note');
    expect(loggedNul).not.toMatch(/params|insert into/i);
    expect(loggableError(nul)).toMatchObject({ code: expect.stringMatching(/^22/) });
  });
});

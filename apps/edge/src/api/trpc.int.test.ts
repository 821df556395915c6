import type { AppRouter } from '@opencare/api/transport/trpc/root';
import { TRPCClientError, createTRPCClient, httpBatchLink, httpLink } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
beforeAll(async () => {
  t = await startTestEdge();
});
afterAll(() => t.close());

function client(token?: string, accountId?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${t.url}/trpc`,
        headers: () => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...(accountId ? { 'x-account-id': accountId } : {}) }),
      }),
    ],
  });
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCClientError) return error as TRPCClientError<AppRouter>;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** A tRPC sign-in of someone who owes no second step (clinicians and patients have no two-factor here). */
async function login(username: string) {
  const result = await client().auth.login.mutate({ username, password: 'Passw0rd!' });
  if ('twoFactor' in result) throw new Error(`${username} owes a two-factor step`);
  return result;
}

describe('tRPC at /trpc runs the same services as REST', () => {
  it('logs in and reads the profile with the token it returns', async () => {
    const { user, accessToken } = await login('physician');
    expect(user.fullName).toBe('Priya Raman');
    const profile = await client(accessToken).profile.get.query();
    expect(profile.user.username).toBe('physician');
    const lookups = await client(accessToken).lookups.get.query({ type: 'appointmentTypes' });
    expect(lookups).toEqual([
      { code: 'pv', description: 'Postoperative' },
      { code: 'tv', description: 'Telemedicine' },
    ]);
  });

  it('answers a batch of many procedures at once, as a screen sends them', async () => {
    const { accessToken } = await login('physician');
    const batched = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${t.url}/trpc`, headers: () => ({ authorization: `Bearer ${accessToken}` }) })],
    });
    // Eight names joined in the path: longer than a router's usual limit for one path parameter.
    const answers = await Promise.all([
      batched.profile.get.query(),
      batched.users.me.query(),
      batched.lookups.get.query({ type: 'appointmentTypes' }),
      batched.lookups.get.query({ type: 'genders' }),
      batched.settings.app.query(),
      batched.telemedicine.config.query(),
      batched.providers.list.query({}),
      batched.patients.list.query({}),
    ]);
    expect(answers).toHaveLength(8);
    expect(answers[1].username).toBe('physician');
    expect(answers[7].items.length).toBeGreaterThan(0);
  });

  it('answers with catalogue keys, statuses and field messages', async () => {
    const wrong = await failure(client().auth.login.mutate({ username: 'patient', password: 'nope' }));
    expect(wrong.data?.httpStatus).toBe(401);
    expect(wrong.data?.key).toBe('invalidCredentials');
    expect(wrong.message).toBe('Invalid username or password.');

    const invalid = await failure(client().auth.login.mutate({ username: '', password: '' }));
    expect(invalid.data?.httpStatus).toBe(400);
    expect(invalid.data?.key).toBe('validationFailed');
    expect(invalid.data?.errors).toContainEqual({ field: 'username', message: 'This field is required.' });

    const anonymous = await failure(client().profile.get.query());
    expect(anonymous.data?.key).toBe('tokenRequired');
  });

  it('applies the same access rules', async () => {
    const patient = (await login('patient')).accessToken;
    const physician = (await login('physician')).accessToken;
    const forbidden = await failure(client(patient).users.list.query({ page: 1, pageSize: 20 }));
    expect(forbidden.data?.httpStatus).toBe(403);
    expect(forbidden.data?.key).toBe('err_forbidden');
    const patientAccount = (await client(patient).profile.get.query()).accountId;
    const seen = await client(physician).accounts.profile.query({ id: patientAccount });
    expect(seen.fullName).toBe('Pat Morgan');
    const patient2 = (await login('patient2')).accessToken;
    expect((await failure(client(patient2).accounts.profile.query({ id: patientAccount }))).data?.httpStatus).toBe(403);
  });

  it('never leaks a stack trace', async () => {
    const res = await fetch(`${t.url}/trpc/auth.login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const text = await res.text();
    expect(text).not.toMatch(/stack|\.ts:\d+/);
  });
});

describe('settings over tRPC', () => {
  it('lets an admin change an area and everyone read its effect, and refuses anyone else', async () => {
    // The admin's second step (two-factor) is answered by the shared helper; its token works over tRPC.
    const admin = { accessToken: (await t.login('admin')).token };
    const nurse = await login('nurse');
    const saved = await client(admin.accessToken).settings.update.mutate({ area: 'telemedicine', values: { joinEarlyMinutes: 25 } });
    expect(saved).toMatchObject({ joinEarlyMinutes: 25 });
    expect(await client(nurse.accessToken).telemedicine.config.query()).toMatchObject({ joinEarlyMinutes: 25 });
    expect(await client(nurse.accessToken).appointments.slots.query({ date: '2026-12-05' })).toEqual([]); // a Saturday

    const refused = await failure(client(nurse.accessToken).settings.update.mutate({ area: 'telemedicine', values: { joinEarlyMinutes: 0 } }));
    expect(refused.data?.httpStatus).toBe(403);
    expect(await failure(client(nurse.accessToken).reports.rpmBilling.query({ month: '2026-01' }))).toMatchObject({ data: { httpStatus: 403 } });
    const invalid = await failure(client(admin.accessToken).settings.update.mutate({ area: 'telemedicine', values: { joinEarlyMinutes: -1 } }));
    expect(invalid.data?.errors).toContainEqual({ field: 'joinEarlyMinutes', message: expect.any(String) });
    expect((await client().settings.public.query()).organizationName).toBe('Demo Clinic');
  });
});

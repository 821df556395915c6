import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
beforeAll(async () => {
  t = await startTestEdge();
});
afterAll(() => t.close());

describe('POST /api/v1/auth/login', () => {
  it('signs a demo user in: user body, token header, httpOnly strict refresh cookie', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: 'physician', password: 'Passw0rd!' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { username: 'physician', fullName: 'Priya Raman', initials: 'PR' } });
    expect(res.body.data.accounts[0]).toMatchObject({ isDefault: true, roles: { Physician: 101 }, accountType: { code: 'prov' } });
    expect(res.body.data.accounts[0].profile.specialty).toEqual({ code: '08', description: 'Family practice' });
    expect(res.headers.get('x-access-token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^opencare_refresh=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(res.body.data.lastLogin).not.toBeNull();
  });

  it('accepts the e-mail and any letter case as the login name', async () => {
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: 'NURSE@demo.opencare.test', password: 'Passw0rd!' } });
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe('nurse');
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await t.call('POST', '/api/v1/auth/login', { body: { username: 'patient', password: 'Wrong0ne!' }, headers: { 'x-forwarded-for': '1' } });
    const unknown = await t.call('POST', '/api/v1/auth/login', { body: { username: 'nobody', password: 'Wrong0ne!' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, key: 'invalidCredentials', message: 'Invalid username or password.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('names each bad field, and never answers a malformed body with a 500', async () => {
    const missing = await t.call('POST', '/api/v1/auth/login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.key).toBe('validationFailed');
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'This field is required.' },
        { field: 'password', message: 'This field is required.' },
      ]),
    );
    const wrongType = await t.call('POST', '/api/v1/auth/login', { body: { username: 42, password: 'x' } });
    expect(wrongType.body.errors).toEqual([{ field: 'username', message: 'Username must be text.' }]);
    const unknownField = await t.call('POST', '/api/v1/auth/login', { body: { username: 'a', password: 'b', role: 'Admin' } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0].message).toBe('Unknown field: role.');

    const malformed = await t.call('POST', '/api/v1/auth/login', { body: '{"username": "a",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, key: 'malformedRequest' });
    const notJson = await t.call('POST', '/api/v1/auth/login', { body: 'username=a', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
    expect(notJson.body.key).toBe('unsupportedMediaType');
    const huge = await t.call('POST', '/api/v1/auth/login', { body: { username: 'a', password: 'x'.repeat(300_000) } });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ success: false, key: 'payloadTooLarge' });
    for (const res of [missing, malformed, notJson, huge]) expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|stack/i);
  });
});

describe('failed-login limit', () => {
  it('answers 429 after ten failed logins from one address within a minute, even with the right password', async () => {
    const edge = await startTestEdge();
    try {
      for (let i = 0; i < 10; i += 1) {
        const res = await edge.call('POST', '/api/v1/auth/login', { body: { username: 'patient', password: `Wrong${i}!x` } });
        expect(res.status).toBe(401);
      }
      const blocked = await edge.call('POST', '/api/v1/auth/login', { body: { username: 'patient', password: 'Passw0rd!' } });
      expect(blocked.status).toBe(429);
      expect(blocked.body.key).toBe('rateLimited');
    } finally {
      await edge.close();
    }
  });
});

describe('limits on public account endpoints', () => {
  it('answers 429 with RateLimit headers past the per-minute limit', async () => {
    const edge = await startTestEdge({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<TestEdge['call']>> | undefined;
      for (let i = 0; i < 4; i += 1) {
        last = await edge.call('POST', '/api/v1/auth/email-check', { body: { email: 'someone@example.org' } });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last?.body.key).toBe('rateLimited');
      expect(last?.headers.get('ratelimit-limit')).toBe('3');
      expect(last?.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await edge.close();
    }
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; a reused one revokes the whole session', async () => {
    const { cookie, token } = await t.login('patient');
    const first = await t.call('POST', '/api/v1/auth/refresh', { headers: { cookie } });
    expect(first.status).toBe(200);
    const newToken = first.headers.get('x-access-token');
    expect(newToken).toBeTruthy();
    const rotated = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(rotated).not.toBe(cookie);

    const replay = await t.call('POST', '/api/v1/auth/refresh', { headers: { cookie } });
    expect(replay.status).toBe(401);
    expect(replay.body.key).toBe('tokenInvalid');
    // The family is gone: the rotated token and both access tokens stop working.
    expect((await t.call('POST', '/api/v1/auth/refresh', { headers: { cookie: rotated } })).body.key).toBe('sessionExpired');
    expect((await t.call('GET', '/api/v1/profile', { token: newToken! })).body.key).toBe('sessionExpired');
    expect((await t.call('GET', '/api/v1/profile', { token })).status).toBe(401);
  });

  it('needs a refresh cookie', async () => {
    const res = await t.call('POST', '/api/v1/auth/refresh', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(401);
    expect(res.body.key).toBe('tokenRequired');
  });

  it('logout ends the session: its access and refresh tokens are refused at once', async () => {
    const { token, cookie } = await t.login('nurse');
    expect((await t.call('GET', '/api/v1/profile', { token })).status).toBe(200);
    const out = await t.call('POST', '/api/v1/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/opencare_refresh=;/);
    const after = await t.call('GET', '/api/v1/profile', { token });
    expect(after.status).toBe(401);
    expect(after.body.key).toBe('sessionExpired');
    expect((await t.call('POST', '/api/v1/auth/refresh', { headers: { cookie } })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/logout')).body.key).toBe('tokenRequired');
  });

  it('refuses missing, forged and foreign tokens', async () => {
    expect((await t.call('GET', '/api/v1/profile')).body).toMatchObject({ key: 'tokenRequired', success: false });
    expect((await t.call('GET', '/api/v1/profile', { token: 'not.a.jwt' })).body.key).toBe('tokenInvalid');
    const { token } = await t.login('patient');
    const [h, p] = token.split('.');
    expect((await t.call('GET', '/api/v1/profile', { token: `${h}.${p}.forgedsignature` })).body.key).toBe('tokenInvalid');
  });
});

describe('locked and inactive users', () => {
  it('a locked user is refused with the catalogue message, and signed out everywhere', async () => {
    const admin = await t.login('admin');
    const victim = await t.login('patient2');
    const userId = victim.body.data.id as string;
    const lock = await t.call('PATCH', `/api/v1/users/${userId}`, { token: admin.token, body: { isLocked: true } });
    expect(lock.status).toBe(200);
    expect(lock.body.data.isLocked).toBe(true);
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username: 'patient2', password: 'Passw0rd!' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, key: 'accountLocked', message: 'Your account is locked. Please contact support.' });
    expect((await t.call('GET', '/api/v1/profile', { token: victim.token })).status).toBe(401);

    await t.call('PATCH', `/api/v1/users/${userId}`, { token: admin.token, body: { isLocked: false, status: 'inactive' } });
    const inactive = await t.call('POST', '/api/v1/auth/login', { body: { username: 'patient2', password: 'Passw0rd!' } });
    expect(inactive.status).toBe(403);
    expect(inactive.body.message).toBe('Your account is inactive. Please contact support.');
    await t.call('PATCH', `/api/v1/users/${userId}`, { token: admin.token, body: { status: 'active' } });
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: 'patient2', password: 'Passw0rd!' } })).status).toBe(200);
  });
});

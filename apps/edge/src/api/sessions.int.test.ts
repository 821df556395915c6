import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

let t: TestEdge;
beforeAll(async () => {
  t = await startTestEdge();
});
afterAll(() => t.close());

describe('GET /api/v1/users/me', () => {
  it('returns the caller as login does', async () => {
    const { token, body } = await t.login('caregiver');
    const me = await t.call('GET', '/api/v1/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual(body.data);
    expect((await t.call('GET', '/api/v1/users/me')).status).toBe(401);
  });
});

describe('active sessions', () => {
  it('lists one\'s live sessions, marks the current one, and ends another', async () => {
    const phone = await t.login('assistant');
    const laptop = await t.login('assistant');
    const list = await t.call('GET', '/api/v1/auth/sessions', { token: laptop.token });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    const current = list.body.data.filter((s: Json) => s.current);
    expect(current).toHaveLength(1);
    const other = list.body.data.find((s: Json) => !s.current);

    expect((await t.call('DELETE', `/api/v1/auth/sessions/${other.id}`, { token: laptop.token })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/profile', { token: phone.token })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/profile', { token: laptop.token })).status).toBe(200);
    const after = await t.call('GET', '/api/v1/auth/sessions', { token: laptop.token });
    expect(after.body.data.map((s: Json) => s.id)).not.toContain(other.id);
  });

  it('cannot end someone else\'s session', async () => {
    const mine = await t.login('patient');
    const theirs = await t.login('patient2');
    const theirSessions = await t.call('GET', '/api/v1/auth/sessions', { token: theirs.token });
    const target = theirSessions.body.data[0].id as string;
    const res = await t.call('DELETE', `/api/v1/auth/sessions/${target}`, { token: mine.token });
    expect(res.status).toBe(404);
    expect((await t.call('GET', '/api/v1/profile', { token: theirs.token })).status).toBe(200);
    expect((await t.call('DELETE', '/api/v1/auth/sessions/not-a-uuid', { token: mine.token })).status).toBe(400);
  });

  it('signs out everywhere, this device included', async () => {
    const a = await t.login('nurse');
    const b = await t.login('nurse');
    const res = await t.call('POST', '/api/v1/auth/logout-everywhere', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBeGreaterThanOrEqual(2);
    expect(res.headers.get('set-cookie')).toMatch(/opencare_refresh=;/);
    for (const token of [a.token, b.token]) expect((await t.call('GET', '/api/v1/profile', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/refresh', { headers: { cookie: b.cookie } })).status).toBe(401);
  });
});

describe('POST /api/v1/auth/change-password', () => {
  it('needs the current password, keeps this session and signs out the others', async () => {
    const here = await t.login('physician');
    const elsewhere = await t.login('physician');
    const wrong = await t.call('POST', '/api/v1/auth/change-password', {
      token: here.token,
      body: { currentPassword: 'Nope0000!', password: 'N3w!passw0rd', passwordConfirmation: 'N3w!passw0rd' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ key: 'currentPasswordIncorrect', message: 'The current password is not correct.' });
    const weak = await t.call('POST', '/api/v1/auth/change-password', {
      token: here.token,
      body: { currentPassword: 'Passw0rd!', password: 'short', passwordConfirmation: 'other' },
    });
    expect(weak.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'password', message: 'Password must be at least 8 characters.' },
        { field: 'passwordConfirmation', message: 'Password fields must match.' },
      ]),
    );

    const changed = await t.call('POST', '/api/v1/auth/change-password', {
      token: here.token,
      body: { currentPassword: 'Passw0rd!', password: 'N3w!passw0rd', passwordConfirmation: 'N3w!passw0rd' },
    });
    expect(changed.status).toBe(200);
    expect((await t.call('GET', '/api/v1/profile', { token: here.token })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/profile', { token: elsewhere.token })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/login', { body: { username: 'physician', password: 'Passw0rd!' } })).status).toBe(401);
    expect((await t.login('physician', 'N3w!passw0rd')).token).toBeTruthy();
  });
});

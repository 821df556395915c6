import { randomUUID } from 'node:crypto';
import { measurements, messages, messageThreads, sessions, signupRequests, users } from '@opencare/api/db/schema';
import { UNSAFE_TEXT_MESSAGES } from '@opencare/schemas/safe-text';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentAsk, agentClients, agentOutcome, pairGateway } from '../testing/gateway-fixtures';
import { ask, connected, socketClients } from '../testing/socket-clients';
import { startTestEdge, type TestEdge } from '../testing/test-edge';

/**
 * Issue 15, door 3: a NUL byte (or a lone surrogate) in any text reached PostgreSQL, which refused
 * it: a 500, and a log line carrying the query's parameters (the mail body, the date of birth, the
 * argon2 hash). Each boundary now refuses such text with a 400 naming the field, writes nothing, and
 * logs neither the value nor any SQL.
 */
let t: TestEdge;
const log: string[] = [];
let patient: { token: string; accountId: string; userId: string };
const sockets = socketClients();
const agents = agentClients();

beforeAll(async () => {
  t = await startTestEdge({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void log.push(line) } });
  const { token, body } = await t.login('patient');
  patient = { token, accountId: body.data.accounts.find((a: { isDefault: boolean }) => a.isDefault).id, userId: body.data.id };
});
afterAll(async () => {
  sockets.closeAll();
  agents.closeAll();
  await t.close();
});
beforeEach(() => {
  log.length = 0;
});

/** A value nobody else sends: if any log line holds it (or any SQL), the log leaked the input. */
const marker = () => `door3-${randomUUID().slice(0, 8)}`;
function expectCleanLog(value: string) {
  const text = log.join('\n');
  expect(text).not.toContain(value);
  expect(text).not.toMatch(/params:|insert into|select .* from|Failed query/i);
  expect(log.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
}
const rows = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

function expectFieldRefusal(res: { status: number; body: unknown }, field: string, reason: keyof typeof UNSAFE_TEXT_MESSAGES = 'nul') {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ success: false, key: 'validationFailed', errors: [{ field, message: UNSAFE_TEXT_MESSAGES[reason] }] });
}

describe('a NUL or a lone surrogate in text (issue 15, door 3)', () => {
  it('is refused in a mail body, over REST and tRPC, and no thread or message is written', async () => {
    const db = t.edge.deps.db;
    const threadsBefore = await rows(db.select({ n: count() }).from(messageThreads).where(eq(messageThreads.patientAccountId, patient.accountId)));
    const messagesBefore = await rows(db.select({ n: count() }).from(messages));
    const secret = marker();
    const rest = await t.call('POST', '/api/v1/mail/threads', { token: patient.token, body: { subject: 'Question', body: `${secret}\u0000 my results` } });
    expectFieldRefusal(rest, 'body');
    const trpc = await t.call('POST', '/trpc/mail.createThread', { token: patient.token, body: { subject: 'Question', body: `${secret}\u0000 my results` } });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data).toMatchObject({ key: 'validationFailed', errors: [{ field: 'body', message: UNSAFE_TEXT_MESSAGES.nul }] });
    const surrogate = await t.call('POST', '/api/v1/mail/threads', { token: patient.token, body: `{"subject":"Q","body":"${secret}\\ud800"}` });
    expectFieldRefusal(surrogate, 'body', 'surrogate');
    expect(await rows(db.select({ n: count() }).from(messageThreads).where(eq(messageThreads.patientAccountId, patient.accountId)))).toBe(threadsBefore);
    expect(await rows(db.select({ n: count() }).from(messages))).toBe(messagesBefore);
    expectCleanLog(secret);
  });

  it('is refused in a reading’s note, and no measurement is written', async () => {
    const db = t.edge.deps.db;
    const before = await rows(db.select({ n: count() }).from(measurements).where(eq(measurements.patientAccountId, patient.accountId)));
    const secret = marker();
    const res = await t.call('POST', '/api/v1/measurements', {
      token: patient.token,
      body: { type: 'bp', values: { systolic: 120, diastolic: 80 }, note: `${secret}\u0000` },
    });
    expectFieldRefusal(res, 'note');
    expect(await rows(db.select({ n: count() }).from(measurements).where(eq(measurements.patientAccountId, patient.accountId)))).toBe(before);
    expectCleanLog(secret);
  });

  it('is refused in a sign-up name, and no sign-up request is written', async () => {
    const secret = marker();
    const email = `${secret}@example.org`;
    const res = await t.call('POST', '/api/v1/auth/signup', {
      body: {
        username: `door3${Date.now() % 1_000_000}`,
        password: 'Str0ng!pass',
        passwordConfirmation: 'Str0ng!pass',
        firstName: `Ro\u0000sa ${secret}`,
        lastName: 'Delgado',
        dateOfBirth: '1980-04-02',
        gender: 'f',
        emailAddress: email,
        emailAddressConfirmation: email,
        phoneNumber: '+1 555 123 4567',
        phoneNumberConfirmation: '+1 555 123 4567',
        accountType: 'pat',
        termsAccepted: true,
      },
    });
    expectFieldRefusal(res, 'firstName');
    expect(await rows(t.edge.deps.db.select({ n: count() }).from(signupRequests).where(eq(signupRequests.email, email)))).toBe(0);
    expectCleanLog(secret);
    expectCleanLog('1980-04-02');
    expectCleanLog('$argon2');
  });

  it('is refused in a login’s username or password, and no session is opened', async () => {
    const db = t.edge.deps.db;
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, patient.userId));
    const before = await rows(db.select({ n: count() }).from(sessions).where(eq(sessions.userId, patient.userId)));
    expectFieldRefusal(await t.call('POST', '/api/v1/auth/login', { body: { username: 'pati\u0000ent', password: 'Passw0rd!' } }), 'username');
    expectFieldRefusal(await t.call('POST', '/api/v1/auth/login', { body: { username: 'patient', password: 'Pass\u0000w0rd!' } }), 'password');
    expectFieldRefusal(await t.call('POST', '/api/v1/auth/login', { body: '{"username":"patient","password":"Pass\\udc00w0rd!"}' }), 'password', 'surrogate');
    const trpc = await t.call('POST', '/trpc/auth.login', { body: { username: 'pati\u0000ent', password: 'Passw0rd!' } });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.data).toMatchObject({ key: 'validationFailed', errors: [{ field: 'username' }] });
    expect(await rows(db.select({ n: count() }).from(sessions).where(eq(sessions.userId, patient.userId)))).toBe(before);
    expectCleanLog('pati');
    expectCleanLog(user?.passwordHash ?? '$argon2');
  });

  it('is refused in a query string, a path parameter and a nested key', async () => {
    expectFieldRefusal(await t.call('GET', '/api/v1/mail/threads?patientAccountId=%00', { token: patient.token }), 'patientAccountId');
    expectFieldRefusal(await t.call('GET', `/api/v1/mail/threads/${randomUUID()}%00`, { token: patient.token }), 'id');
    const nestedKey = await t.call('POST', '/api/v1/measurements', { token: patient.token, body: '{"type":"bp","values":{"systolic":120,"diastolic":80,"a\\u0000b":1}}' });
    expect(nestedKey.status).toBe(400);
    expect(nestedKey.body.errors[0]).toEqual({ field: 'values.a\uFFFDb', message: UNSAFE_TEXT_MESSAGES.nul });
  });

  it('is refused too deeply nested, without a stack overflow', async () => {
    const deep = `{"type":"bp","values":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const res = await t.call('POST', '/api/v1/measurements', { token: patient.token, body: deep });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe(UNSAFE_TEXT_MESSAGES.depth);
  });

  it('is refused in a socket event and a handshake of the people namespace', async () => {
    const socket = await connected(sockets.open(t.url, { token: patient.token }));
    const answer = await ask(socket, 'patient:watch', { patientId: `${patient.accountId}\u0000` });
    expect(answer).toMatchObject({ error: 'validationFailed', errors: [{ field: 'patientId', message: UNSAFE_TEXT_MESSAGES.nul }] });
    socket.disconnect();
    const refused = sockets.open(t.url, { token: `${patient.token}\ud800` });
    await expect(connected(refused)).rejects.toMatchObject({ data: { error: 'validationFailed' } });
  });

  it('rejects one gateway reading with a NUL alone, and refuses a NUL elsewhere in an agent event', async () => {
    const gateway = await pairGateway(t, { token: patient.token, accountId: patient.accountId });
    const agent = agents.open(t.url, { token: gateway.token });
    expect((await agentOutcome(agent)).connected).toBe(true);
    const reading = (note: string) => ({ deviceId: randomUUID(), reading: { id: randomUUID(), type: 'bt', values: { temperature: 37 }, note } });
    const upload = await agentAsk(agent, 'readings:upload', { readings: [reading('fine'), reading('bad\u0000note')] });
    expect('data' in upload && upload.data.outcomes.map((o) => [o.status, 'key' in o ? o.key : undefined])).toEqual([
      ['rejected', 'notFound'],
      ['rejected', 'validationFailed'],
    ]);
    const hello = await agentAsk(agent, 'gateway:hello', { info: { serial: 'RPI\u0000' } });
    expect(hello).toMatchObject({ error: 'validationFailed', errors: [{ field: 'info.serial' }] });
    agent.disconnect();
    const refused = agents.open(t.url, { token: `${gateway.token}\u0000` });
    expect(await agentOutcome(refused)).toMatchObject({ connected: false, data: { error: 'validationFailed' } });
  });
});

import { auditLog, careTeamMembers, patientEvents, profiles } from '@opencare/api/db/schema';
import type { Mail, Mailer } from '@opencare/api/mail/mailer';
import { ROLES } from '@opencare/schemas/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Secure mail, every operation against every role: the demo roles, a patient of our own per test
 * where counts must start from zero, and a physician of another organisation.
 */
const DEMO = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
type Who = (typeof DEMO)[number] | 'outsider';

let t: TestEdge;
const sent: Mail[] = [];
const recordingMailer: Mailer = {
  kind: 'outbox',
  send: (mail) => {
    sent.push(mail);
    return Promise.resolve();
  },
};
const tokens = {} as Record<Who, string>;
const accounts = {} as Record<Who, string>;

// A 1×1 PNG, a JPEG and a PDF header: real signatures, whatever the rest says.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

beforeAll(async () => {
  t = await startTestEdge({ mailer: recordingMailer });
  for (const name of DEMO) {
    const { token, body } = await t.login(name);
    tokens[name] = token;
    accounts[name] = body.data.accounts.find((a: Json) => a.isDefault).id;
  }
  const outsider = await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov');
  tokens.outsider = (await t.login(outsider.username)).token;
  accounts.outsider = outsider.accountId;
});
afterAll(() => t.close());

const api = (path: string) => `/api/v1${path}`;
const as = (who: Who, method: string, path: string, body?: unknown) => t.call(method, api(path), { token: tokens[who], body });

let unique = 0;
/** A patient of the demo organisation with no mail yet, signed in. */
async function newPatient(): Promise<{ token: string; accountId: string; email: string }> {
  unique += 1;
  const username = `mailpatient${unique}${Date.now() % 100000}`;
  const email = `${username}@demo.opencare.test`;
  const created = await as('admin', 'POST', '/users', {
    username,
    email,
    password: 'Ma1l!pass',
    role: 'Patient',
    accountType: 'pat',
    profile: { firstName: 'Mia', lastName: `Lane${unique}` },
  });
  expect(created.status).toBe(201);
  const { token, body } = await t.login(username, 'Ma1l!pass');
  return { token, accountId: body.data.accounts[0].id, email };
}

async function upload(token: string, data: Buffer, contentType: string, query: Record<string, string>) {
  const response = await fetch(`${t.url}${api(`/mail/attachments?${new URLSearchParams(query).toString()}`)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: data,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function download(token: string, id: string) {
  const response = await fetch(`${t.url}${api(`/mail/attachments/${id}`)}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, data: Buffer.from(await response.arrayBuffer()) };
}

/** A thread the physician started with the demo patient. */
async function physicianThread(subject = 'Your readings'): Promise<Json> {
  const res = await as('physician', 'POST', '/mail/threads', {
    patientAccountId: accounts.patient,
    subject,
    body: 'Please take your blood pressure twice today.',
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

async function statusesOf(request: (who: Who) => Promise<{ status: number }>, who: readonly Who[]) {
  const out: Record<string, number> = {};
  for (const name of who) out[name] = (await request(name)).status;
  return out;
}
const EVERYONE: Who[] = [...DEMO, 'outsider'];

describe('who may do what', () => {
  it('GET /mail/threads: patients and physicians and nurses; an outsider sees none of ours', async () => {
    await physicianThread();
    expect(await statusesOf((who) => as(who, 'GET', '/mail/threads'), EVERYONE)).toEqual({
      admin: 403,
      physician: 200,
      nurse: 200,
      assistant: 403,
      patient: 200,
      patient2: 200,
      caregiver: 403,
      outsider: 200,
    });
    expect((await as('outsider', 'GET', '/mail/threads')).body.data).toEqual([]);
    expect((await as('patient2', 'GET', '/mail/threads')).body.data).toEqual([]);
  });

  it('GET /mail/threads?patientAccountId: clinicians of the patient\'s organisation and the patient', async () => {
    const path = `/mail/threads?patientAccountId=${accounts.patient}`;
    expect(await statusesOf((who) => as(who, 'GET', path), EVERYONE)).toEqual({
      admin: 403,
      physician: 200,
      nurse: 200,
      assistant: 403,
      patient: 200,
      patient2: 403,
      caregiver: 403,
      outsider: 404,
    });
  });

  it('POST /mail/threads: physicians and nurses to a patient of theirs, a patient to their own care team', async () => {
    const body = (patientAccountId?: string) => ({ patientAccountId, subject: 'Hello', body: 'A question.' });
    const toPatient = await statusesOf((who) => as(who, 'POST', '/mail/threads', body(accounts.patient)), EVERYONE);
    expect(toPatient).toEqual({
      admin: 403,
      physician: 201,
      nurse: 201,
      assistant: 403,
      patient: 201,
      patient2: 403,
      caregiver: 403,
      outsider: 404,
    });
    expect((await as('patient2', 'POST', '/mail/threads', body())).status).toBe(201);
    const unnamed = await as('physician', 'POST', '/mail/threads', body());
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors).toContainEqual({ field: 'patientAccountId', message: 'This field is required.' });
    // A provider account is not a patient: not found, so ids cannot be probed.
    expect((await as('physician', 'POST', '/mail/threads', body(accounts.nurse))).status).toBe(404);
  });

  it('GET /mail/threads/:id and POST …/messages: the patient, physicians and nurses; patient2 never', async () => {
    const thread = await physicianThread();
    const read = await statusesOf((who) => as(who, 'GET', `/mail/threads/${thread.id}`), EVERYONE);
    const write = await statusesOf((who) => as(who, 'POST', `/mail/threads/${thread.id}/messages`, { body: `From ${who}` }), EVERYONE);
    const expected = { admin: 403, physician: 200, nurse: 200, assistant: 403, patient: 200, patient2: 403, caregiver: 403, outsider: 404 };
    expect(read).toEqual(expected);
    expect(write).toEqual({ ...expected, physician: 201, nurse: 201, patient: 201 });

    const messages = (await as('patient', 'GET', `/mail/threads/${thread.id}`)).body.data.messages;
    expect(messages.map((m: Json) => m.body)).toEqual([
      'Please take your blood pressure twice today.',
      'From physician',
      'From nurse',
      'From patient',
    ]);
    expect(messages[2].sender).toEqual({ accountId: accounts.nurse, fullName: 'Noah Bennett', role: 'Nurse' });
    expect(messages[3].sender).toEqual({ accountId: accounts.patient, fullName: 'Pat Morgan', role: 'Patient' });
  });

  it('answers 404 for an unknown thread and 400 for a malformed id', async () => {
    expect((await as('physician', 'GET', '/mail/threads/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await as('physician', 'GET', '/mail/threads/nope')).status).toBe(400);
    expect((await as('patient', 'POST', '/mail/threads/00000000-0000-4000-8000-000000000000/messages', { body: 'x' })).status).toBe(404);
  });

  it('GET /mail/unread-count: whoever has mail', async () => {
    expect(await statusesOf((who) => as(who, 'GET', '/mail/unread-count'), EVERYONE)).toEqual({
      admin: 403,
      physician: 200,
      nurse: 200,
      assistant: 403,
      patient: 200,
      patient2: 200,
      caregiver: 403,
      outsider: 200,
    });
  });

  it('GET /mail/recipients: physicians and nurses, patients of their own organisation only', async () => {
    expect(await statusesOf((who) => as(who, 'GET', '/mail/recipients?search=Morgan'), EVERYONE)).toEqual({
      admin: 403,
      physician: 200,
      nurse: 200,
      assistant: 403,
      patient: 403,
      patient2: 403,
      caregiver: 403,
      outsider: 200,
    });
    const found = (await as('nurse', 'GET', '/mail/recipients?search=Morgan')).body.data;
    expect(found).toEqual([{ accountId: accounts.patient, fullName: 'Pat Morgan', mrn: expect.stringMatching(/^MRN/) }]);
    expect((await as('outsider', 'GET', '/mail/recipients?search=Morgan')).body.data).toEqual([]);
  });

  it('refuses every mail call without a token', async () => {
    for (const [method, path] of [
      ['GET', '/mail/threads'],
      ['POST', '/mail/threads'],
      ['GET', '/mail/unread-count'],
      ['GET', '/mail/recipients'],
    ] as const) {
      expect((await t.call(method, api(path), { body: method === 'POST' ? {} : undefined })).status).toBe(401);
    }
    const anonymous = await fetch(`${t.url}${api('/mail/attachments?fileName=a.png')}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: PNG,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('threads and unread counts', () => {
  it('go up when someone else writes and down when the thread is opened', async () => {
    const patient = await newPatient();
    const unreadOf = async (token: string) => (await t.call('GET', api('/mail/unread-count'), { token })).body.data.unreadCount as number;
    const physicianBefore = await unreadOf(tokens.physician);

    const created = await as('physician', 'POST', '/mail/threads', {
      patientAccountId: patient.accountId,
      subject: 'Checking in',
      body: 'How are you feeling today?',
    });
    expect(created.status).toBe(201);
    const threadId = created.body.data.id;
    expect(await unreadOf(patient.token)).toBe(1);
    // One's own message is never unread.
    expect(await unreadOf(tokens.physician)).toBe(physicianBefore);

    const list = await t.call('GET', api('/mail/threads'), { token: patient.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: threadId,
        subject: 'Checking in',
        patient: { accountId: patient.accountId, fullName: expect.stringMatching(/^Mia Lane/) },
        lastSender: { accountId: accounts.physician, fullName: 'Priya Raman', role: 'Physician' },
        messageCount: 1,
        unreadCount: 1,
      }),
    ]);
    expect(list.body.meta).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(list.body.data[0]).not.toHaveProperty('body');

    await t.call('GET', api(`/mail/threads/${threadId}`), { token: patient.token });
    expect(await unreadOf(patient.token)).toBe(0);

    const reply = await t.call('POST', api(`/mail/threads/${threadId}/messages`), { token: patient.token, body: { body: 'Better, thank you.' } });
    expect(reply.status).toBe(201);
    expect(reply.body.data.messages).toHaveLength(2);
    expect(await unreadOf(tokens.physician)).toBe(physicianBefore + 1);
    expect(await unreadOf(patient.token)).toBe(0);

    const mine = (await as('physician', 'GET', '/mail/threads?pageSize=100')).body.data.find((th: Json) => th.id === threadId);
    expect(mine).toMatchObject({ unreadCount: 1, messageCount: 2, lastSender: { accountId: patient.accountId, role: 'Patient' } });
    await as('physician', 'GET', `/mail/threads/${threadId}`);
    expect(await unreadOf(tokens.physician)).toBe(physicianBefore);
  });

  it('lists newest activity first, a page at a time', async () => {
    const patient = await newPatient();
    for (const subject of ['First', 'Second', 'Third']) {
      await t.call('POST', api('/mail/threads'), { token: patient.token, body: { subject, body: 'Hello' } });
    }
    const page1 = await t.call('GET', api('/mail/threads?pageSize=2'), { token: patient.token });
    expect(page1.body.data.map((th: Json) => th.subject)).toEqual(['Third', 'Second']);
    expect(page1.body.meta).toMatchObject({ total: 3, totalPages: 2, hasNextPage: true });
    const page2 = await t.call('GET', api('/mail/threads?pageSize=2&page=2'), { token: patient.token });
    expect(page2.body.data.map((th: Json) => th.subject)).toEqual(['First']);
    expect((await t.call('GET', api('/mail/threads?pageSize=500'), { token: patient.token })).status).toBe(400);
  });

  it("finds threads by subject, the patient's name or a message's words, within what the reader may see", async () => {
    const patient = await newPatient();
    const unique = `zq${Date.now() % 100000}`;
    await t.call('POST', api('/mail/threads'), { token: patient.token, body: { subject: `Ankle ${unique}`, body: 'Swollen since Monday.' } });
    await t.call('POST', api('/mail/threads'), { token: patient.token, body: { subject: 'Diet', body: `Is 100% ${unique} juice fine?` } });
    await t.call('POST', api('/mail/threads'), { token: patient.token, body: { subject: 'Sleep', body: 'Hello' } });
    const found = (who: string, search: string) =>
      t.call('GET', api(`/mail/threads?${new URLSearchParams({ search }).toString()}`), { token: who });
    const own = await found(patient.token, unique.toUpperCase());
    expect(own.body.data.map((th: Json) => th.subject).sort()).toEqual([`Ankle ${unique}`, 'Diet']);
    expect(own.body.meta.total).toBe(2);
    // A wildcard typed is a character searched for, not "anything".
    expect((await found(patient.token, '100%')).body.data.map((th: Json) => th.subject)).toEqual(['Diet']);
    expect((await found(patient.token, '_')).body.meta.total).toBe(0);
    // A clinician of the organisation finds them by the patient's name; an outsider finds nothing.
    const lastName = (await t.edge.deps.db.select({ n: profiles.lastName }).from(profiles).where(eq(profiles.accountId, patient.accountId)))[0]!.n;
    const byName = await found(tokens.physician, `Mia ${lastName}`);
    expect(byName.body.data.map((th: Json) => th.subject).sort()).toEqual([`Ankle ${unique}`, 'Diet', 'Sleep']);
    expect((await found(tokens.outsider, unique)).body.meta.total).toBe(0);
    expect((await found(patient.token, 'x'.repeat(101))).status).toBe(400);
  });

  it('go to the care team when there is one; any physician or nurse who answers joins the conversation', async () => {
    const patient = await newPatient();
    await t.edge.deps.db.insert(careTeamMembers).values({ patientAccountId: patient.accountId, providerAccountId: accounts.physician });
    const created = await t.call('POST', api('/mail/threads'), { token: patient.token, body: { subject: 'Dizzy', body: 'I felt dizzy.' } });
    const threadId = created.body.data.id;
    const listed = async (who: Who) =>
      ((await as(who, 'GET', '/mail/threads?pageSize=100')).body.data as Json[]).some((th) => th.id === threadId);

    expect(await listed('physician')).toBe(true);
    expect(await listed('nurse')).toBe(false);
    // The nurse is not on the care team but may still read the patient's mail, and by answering joins it.
    const forPatient = await as('nurse', 'GET', `/mail/threads?patientAccountId=${patient.accountId}`);
    expect(forPatient.body.data.map((th: Json) => th.id)).toEqual([threadId]);
    expect((await as('nurse', 'POST', `/mail/threads/${threadId}/messages`, { body: 'Please sit down and rest.' })).status).toBe(201);
    expect(await listed('nurse')).toBe(true);
  });

  it('validates subject and body', async () => {
    const long = await as('patient', 'POST', '/mail/threads', { subject: 'x'.repeat(201), body: '' });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([
      { field: 'subject', message: 'Subject must be at most 200 characters.' },
      { field: 'body', message: 'This field is required.' },
    ]);
    const thread = await physicianThread();
    const tooLong = await as('patient', 'POST', `/mail/threads/${thread.id}/messages`, { body: 'x'.repeat(10_001) });
    expect(tooLong.status).toBe(400);
    expect((await as('patient', 'POST', `/mail/threads/${thread.id}/messages`, { body: 'ok', subject: 'no' })).status).toBe(400);
  });
});

describe('records kept', () => {
  it('writes a message event on the patient\'s timeline with the sender and subject, never the text', async () => {
    const thread = await physicianThread('Timeline subject');
    const events = await t.edge.deps.db
      .select({ kind: patientEvents.kind, data: patientEvents.data, refId: patientEvents.refId })
      .from(patientEvents)
      .where(and(eq(patientEvents.refId, thread.id), eq(patientEvents.kind, 'message')));
    expect(events).toEqual([{ kind: 'message', refId: thread.id, data: { senderName: 'Priya Raman', subject: 'Timeline subject' } }]);
    expect(JSON.stringify(events)).not.toContain('blood pressure');
  });

  it('audits reads, the refused ones too', async () => {
    const thread = await physicianThread();
    await as('patient', 'GET', `/mail/threads/${thread.id}`);
    await as('patient2', 'GET', `/mail/threads/${thread.id}`);
    const rows = await t.edge.deps.db
      .select({ actor: auditLog.actorAccountId, outcome: auditLog.outcome })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.threads.read'), eq(auditLog.resourceId, accounts.patient)));
    expect(rows).toContainEqual({ actor: accounts.patient, outcome: 'allowed' });
    expect(rows).toContainEqual({ actor: accounts.patient2, outcome: 'denied' });
  });

  it('e-mails the patient that a message is waiting, with no content, unless they turned notices off', async () => {
    const patient = await newPatient();
    sent.length = 0;
    const created = await as('physician', 'POST', '/mail/threads', {
      patientAccountId: patient.accountId,
      subject: 'Lab results',
      body: 'Your potassium is low.',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: patient.email, subject: 'You have a new secure message' });
    expect(sent[0]!.text).toContain('/?tab=messages');
    for (const secret of ['Lab results', 'potassium', 'Priya']) expect(JSON.stringify(sent[0])).not.toContain(secret);

    // The patient's own message tells no one by e-mail.
    await t.call('POST', api(`/mail/threads/${created.body.data.id}/messages`), { token: patient.token, body: { body: 'Thanks' } });
    expect(sent).toHaveLength(1);

    await t.edge.deps.db.update(profiles).set({ emailNotifications: false }).where(eq(profiles.accountId, patient.accountId));
    await as('nurse', 'POST', `/mail/threads/${created.body.data.id}/messages`, { body: 'Eat a banana.' });
    expect(sent).toHaveLength(1);
  });
});

describe('attachments', () => {
  it('uploads a PNG, sends it, and serves it to those who may read the thread', async () => {
    const uploaded = await upload(tokens.physician, PNG, 'image/png', { patientAccountId: accounts.patient, fileName: 'arm photo.png' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toEqual({ id: expect.any(String), fileName: 'arm photo.png', contentType: 'image/png', size: PNG.length });
    const fileId = uploaded.body.data.id;

    // Before it is sent, only its uploader can see it.
    expect((await download(tokens.physician, fileId)).status).toBe(200);
    expect((await download(tokens.patient, fileId)).status).toBe(404);

    const created = await as('physician', 'POST', '/mail/threads', {
      patientAccountId: accounts.patient,
      subject: 'The rash',
      body: 'Is this what it looks like now?',
      fileIds: [fileId],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.messages[0].attachments).toEqual([uploaded.body.data]);

    const statuses = await statusesOf(async (who) => download(tokens[who], fileId), EVERYONE);
    expect(statuses).toEqual({
      admin: 403,
      physician: 200,
      nurse: 200,
      assistant: 403,
      patient: 200,
      patient2: 403,
      caregiver: 403,
      outsider: 404,
    });
    const file = await download(tokens.patient, fileId);
    expect(file.data.equals(PNG)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="arm photo.png"/);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
  });

  it('sends PDFs as downloads, with a name that survives any script', async () => {
    const uploaded = await upload(tokens.patient, PDF, 'application/pdf', { fileName: 'تقرير.pdf' });
    expect(uploaded.status).toBe(201);
    const file = await download(tokens.patient, uploaded.body.data.id);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('تقرير.pdf')}`,
    );
  });

  it('refuses a file whose bytes are not what it claims: an .exe renamed .png', async () => {
    const exe = await upload(tokens.patient, EXE, 'image/png', { fileName: 'photo.png' });
    expect(exe.status).toBe(415);
    expect(exe.body.key).toBe('attachmentTypeNotAllowed');
    const mislabelled = await upload(tokens.patient, PDF, 'image/png', { fileName: 'scan.png' });
    expect(mislabelled.status).toBe(415);
    const octets = await upload(tokens.patient, PNG, 'application/octet-stream', { fileName: 'photo.png' });
    expect(octets.status).toBe(415);
    expect(octets.body.key).toBe('attachmentTypeNotAllowed');
    const svg = await upload(tokens.patient, Buffer.from('<svg/>'), 'image/svg+xml', { fileName: 'x.svg' });
    expect(svg.status).toBe(415);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await upload(tokens.patient, big, 'image/png', { fileName: 'big.png' });
    expect(res.status).toBe(413);
    expect(res.body.key).toBe('attachmentTooLarge');
    const justFits = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length, 0)]);
    expect((await upload(tokens.patient, justFits, 'image/png', { fileName: 'fits.png' })).status).toBe(201);
  });

  it('refuses more than 3 attachments on a message', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await upload(tokens.patient, PNG, 'image/png', { fileName: `p${i}.png` })).body.data.id);
    const res = await as('patient', 'POST', '/mail/threads', { subject: 'Photos', body: 'Four photos', fileIds: ids });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'fileIds', message: 'A message can have at most 3 attachments.' });
    expect((await as('patient', 'POST', '/mail/threads', { subject: 'Photos', body: 'Three', fileIds: ids.slice(0, 3) })).status).toBe(201);
  });

  it('attaches only one\'s own uploads for the same patient', async () => {
    const theirs = (await upload(tokens.patient2, PNG, 'image/png', { fileName: 'mine.png' })).body.data.id;
    const stolen = await as('patient', 'POST', '/mail/threads', { subject: 'Look', body: 'Whose is this?', fileIds: [theirs] });
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors).toEqual([{ field: 'fileIds', message: 'Upload each file before attaching it.' }]);
    // The physician's upload for patient2 cannot travel in a thread with the demo patient.
    const forOther = (await upload(tokens.physician, PNG, 'image/png', { patientAccountId: accounts.patient2, fileName: 'x.png' })).body.data.id;
    const crossed = await as('physician', 'POST', '/mail/threads', { patientAccountId: accounts.patient, subject: 'x', body: 'y', fileIds: [forOther] });
    expect(crossed.status).toBe(400);
  });

  it('uploads only for a conversation one may take part in', async () => {
    const query = { patientAccountId: accounts.patient, fileName: 'a.png' };
    const statuses = await statusesOf((who) => upload(tokens[who], PNG, 'image/png', query), EVERYONE);
    expect(statuses).toEqual({
      admin: 403,
      physician: 201,
      nurse: 201,
      assistant: 403,
      patient: 201,
      patient2: 403,
      caregiver: 403,
      outsider: 404,
    });
    expect((await upload(tokens.physician, PNG, 'image/png', { fileName: 'a.png' })).status).toBe(400);
    expect((await download(tokens.patient, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('tRPC', () => {
  it('runs the same rules: counts, and no thread of another patient', async () => {
    const thread = await physicianThread();
    const get = (who: Who, procedure: string, input?: unknown) =>
      t.call('GET', `/trpc/${procedure}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`, { token: tokens[who] });
    const count = await get('patient', 'mail.unreadCount');
    expect(count.status).toBe(200);
    expect(count.body.result.data.unreadCount).toBeGreaterThan(0);
    const refused = await get('patient2', 'mail.thread', { id: thread.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.data.key).toBe('err_forbidden');
    expect((await get('patient', 'mail.thread', { id: thread.id })).body.result.data.subject).toBe('Your readings');
  });
});

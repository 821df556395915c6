import { auditLog } from '@opencare/api/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutsider } from '../testing/fixtures';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';
import { ROLES } from '@opencare/schemas/roles';

/**
 * Secure mail through FHIR (issue 21 part 1): each message is a Communication that says who wrote
 * it, when, in which conversation and how many files it carried, to those who may read the
 * patient's mail, and never its text.
 */

const ROLE_NAMES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
type Role = (typeof ROLE_NAMES)[number] | 'outsider';

let t: TestEdge;
const tokens = {} as Record<Role, string>;
let patientId: string;
let physicianId: string;
let apiKey: string;
let threadId: string;
const SECRET_BODY = 'My dizziness is back, secret-body-text';
const SECRET_REPLY = 'Take half a tablet, secret-reply-text';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ROLE_NAMES) tokens[role] = (await t.login(role)).token;
  tokens.outsider = (await t.login((await createOutsider(t.edge.deps.db, ROLES.Physician, 'prov')).username)).token;
  patientId = (await t.call('GET', '/api/v1/profile', { token: tokens.patient })).body.data.accountId;
  physicianId = (await t.call('GET', '/api/v1/profile', { token: tokens.physician })).body.data.accountId;
  apiKey = (await t.call('POST', '/api/v1/api-keys', { token: tokens.admin, body: { name: 'EHR' } })).body.data.key;

  const thread = await t.call('POST', '/api/v1/mail/threads', { token: tokens.patient, body: { subject: 'Dizzy again', body: SECRET_BODY } });
  expect(thread.status).toBe(201);
  threadId = thread.body.data.id;
  const upload = await fetch(`${t.url}/api/v1/mail/attachments?${new URLSearchParams({ patientAccountId: patientId, fileName: 'dose.png' }).toString()}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.physician}`, 'content-type': 'image/png' },
    body: PNG,
  });
  const fileId = ((await upload.json()) as Json).data.id;
  const reply = await t.call('POST', `/api/v1/mail/threads/${threadId}/messages`, { token: tokens.physician, body: { body: SECRET_REPLY, fileIds: [fileId] } });
  expect(reply.status).toBe(201);
});
afterAll(() => t.close());

const fhir = (path: string, who: Role | { apiKey: string }) =>
  t.call('GET', `/fhir/R4${path}`, typeof who === 'string' ? { token: tokens[who] } : { headers: { 'x-api-key': who.apiKey } });

describe('FHIR Communication', () => {
  it("gives a patient's messages, newest first: who wrote, when, the conversation and the message answered, never the text", async () => {
    const res = await fhir(`/Communication?patient=${patientId}`, 'physician');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/secret-(body|reply)-text/);
    const mine = res.body.entry.map((e: Json) => e.resource).filter((c: Json) => c.identifier[0].value === threadId);
    expect(mine).toHaveLength(2);
    const [answer, question] = mine;
    expect(question).toMatchObject({
      resourceType: 'Communication',
      status: 'completed',
      subject: { reference: `Patient/${patientId}` },
      sender: { reference: `Patient/${patientId}` },
      topic: { text: 'Dizzy again' },
      identifier: [{ system: 'urn:opencare:mail-thread', value: threadId }],
    });
    expect(question.inResponseTo).toBeUndefined();
    expect(question.note).toBeUndefined();
    expect(answer).toMatchObject({
      sender: { reference: `Practitioner/${physicianId}` },
      inResponseTo: [{ reference: `Communication/${question.id}` }],
      note: [{ text: '1 attachment, read in the app' }],
    });
    expect(Date.parse(answer.sent)).toBeGreaterThanOrEqual(Date.parse(question.sent));

    const one = await fhir(`/Communication/${answer.id}`, 'patient');
    expect(one.status).toBe(200);
    expect(one.body).toEqual(answer);
    const audited = await t.edge.deps.db.select().from(auditLog).where(and(eq(auditLog.action, 'fhir.communication.read'), eq(auditLog.resourceId, patientId)));
    expect(audited.map((row) => row.outcome)).toContain('allowed');
  });

  it('filters on when a message was sent, and pages', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const none = await fhir(`/Communication?patient=${patientId}&sent=ge${tomorrow}`, 'physician');
    expect(none.body.total).toBe(0);
    const all = await fhir(`/Communication?patient=${patientId}`, 'physician');
    const firstPage = await fhir(`/Communication?patient=${patientId}&_count=1`, 'physician');
    expect(firstPage.body.entry).toHaveLength(1);
    expect(firstPage.body.total).toBe(all.body.total);
    expect(firstPage.body.link.map((l: Json) => l.relation)).toContain('next');
  });

  it('is in $everything for the physician', async () => {
    const res = await fhir(`/Patient/${patientId}/$everything`, 'physician');
    const ids = res.body.entry.filter((e: Json) => e.resource.resourceType === 'Communication').map((e: Json) => e.resource.identifier[0].value);
    expect(ids).toContain(threadId);
  });

  it('reaches the organisation’s integrations, and nobody who may not read the patient’s mail', async () => {
    expect((await fhir(`/Communication?patient=${patientId}`, { apiKey })).status).toBe(200);
    const all = await fhir(`/Communication?patient=${patientId}`, 'physician');
    const messageId = all.body.entry[0].resource.id;
    for (const role of ['nurse', 'assistant', 'admin', 'caregiver', 'patient2'] as const) {
      const search = await fhir(`/Communication?patient=${patientId}`, role);
      const read = await fhir(`/Communication/${messageId}`, role);
      expect([search.status, read.status], role).toEqual([403, 403]);
      expect(JSON.stringify(read.body)).not.toContain(threadId);
    }
    // Another organisation's physician learns nothing, not even that the message exists.
    expect((await fhir(`/Communication/${messageId}`, 'outsider')).status).toBe(404);
    expect((await fhir(`/Communication?patient=${patientId}`, 'outsider')).status).toBe(404);
  });
});

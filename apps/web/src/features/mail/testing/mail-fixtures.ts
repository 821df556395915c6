import type { MailMessage, Thread, ThreadListItem } from '@opencare/schemas/entities/mail';
import { ROLES } from '@opencare/schemas/roles';
import type { SessionState } from '../../../session/session-context';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { ok } from '../../signup/testing/harness';

export const PHYSICIAN_ID = '11111111-1111-4111-8111-000000000001';
export const PATIENT_ID = '11111111-1111-4111-8111-000000000002';
export const PATIENT2_ID = '11111111-1111-4111-8111-000000000003';
export const THREAD_ID = '22222222-2222-4222-8222-000000000001';
export const THREAD2_ID = '22222222-2222-4222-8222-000000000002';

export function physicianSession(): SessionState {
  const account = makeAccount([ROLES.Physician], {
    id: PHYSICIAN_ID,
    accountType: { code: 'prov', description: 'Provider' },
  });
  return { status: 'signed-in', user: makeUser([account]), account };
}

export function patientSession(): SessionState {
  const account = makeAccount([ROLES.Patient], { id: PATIENT_ID });
  return { status: 'signed-in', user: makeUser([account]), account };
}

const physician = { accountId: PHYSICIAN_ID, fullName: 'Priya Raman', role: 'Physician' as const };
const patient = { accountId: PATIENT_ID, fullName: 'Pat Morgan', role: 'Patient' as const };

export function listItem(overrides: Partial<ThreadListItem> = {}): ThreadListItem {
  return {
    id: THREAD_ID,
    subject: 'Blood pressure this week',
    patient: { accountId: PATIENT_ID, fullName: 'Pat Morgan' },
    createdAt: '2026-03-01T09:00:00.000Z',
    lastMessageAt: '2026-03-01T10:00:00.000Z',
    lastSender: patient,
    messageCount: 2,
    unreadCount: 1,
    ...overrides,
  };
}

export function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    id: '33333333-3333-4333-8333-000000000001',
    sender: physician,
    body: 'Please measure twice a day.',
    attachments: [],
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function thread(overrides: Partial<Thread> = {}): Thread {
  return {
    id: THREAD_ID,
    subject: 'Blood pressure this week',
    patient: { accountId: PATIENT_ID, fullName: 'Pat Morgan' },
    createdAt: '2026-03-01T09:00:00.000Z',
    lastMessageAt: '2026-03-01T10:00:00.000Z',
    messages: [
      message(),
      message({
        id: '33333333-3333-4333-8333-000000000002',
        sender: patient,
        body: 'It was 150/95 this morning.',
        createdAt: '2026-03-01T10:00:00.000Z',
        attachments: [{ id: '44444444-4444-4444-8444-000000000001', fileName: 'readings.pdf', contentType: 'application/pdf', size: 48_000 }],
      }),
    ],
    ...overrides,
  };
}

/** A `mail.threads` answer: one page of `items` with its paging. */
export function page<T>(items: T[], total = items.length) {
  const totalPages = Math.max(1, Math.ceil(total / 20));
  return ok({
    items,
    meta: { total, page: 1, pageSize: 20, totalPages, hasNextPage: totalPages > 1, hasPreviousPage: false },
  });
}

/** The id a `mail.thread` call asked for. */
export const idOf = (body: unknown) => (body as { id?: string } | undefined)?.id;

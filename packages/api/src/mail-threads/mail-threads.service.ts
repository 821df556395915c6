import type { Permission } from '@opencare/schemas/roles';
import type {
  MailRecipient,
  Thread,
  ThreadListItem,
  ThreadListQuery,
  UnreadCount,
} from '@opencare/schemas/entities/mail';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import { authorize } from '../access/access';
import { auditPatientsListed } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import { fullNameOf } from '../accounts/account.dto';
import type { AccountRecord } from '../accounts/accounts.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { findFilesMeta } from '../files/files.repository';
import { recordMessageTime } from '../care-time/care-time.service';
import { changePatientRecord } from '../timeline/patient-events';
import { attachableFiles } from './mail-attachments.service';
import { isMailCaregiver, isMailClinician, isMailPatient, mailPatientFor, patientIdOf, requireMailUser } from './mail-access';
import { caregiverOf } from '../caregivers/on-behalf';
import { personOf, toAttachmentDtos } from './mail-dto';
import { notifyPatientOfMessage } from './mail-notifications';
import {
  countUnread,
  findThread,
  insertMessage,
  insertThread,
  listThreads as listThreadRows,
  markRead,
  messagesOf,
  peopleOf,
  searchPatients,
  type ThreadRow,
  type ThreadScope,
} from './mail-threads.repository';

export interface NewMessage {
  body: string;
  fileIds: string[];
  /** When the writer began it: a clinician's writing counts as care time (recordMessageTime). */
  writingSince?: string;
}
export interface NewThread extends NewMessage {
  patientAccountId?: string;
  subject: string;
}

/** A patient's own threads; a clinician's conversations, or one patient's threads when named. */
function scopeOf(actor: Actor, patientAccountId: string | undefined): ThreadScope {
  if (isMailPatient(actor)) return { kind: 'patient', patientAccountId: actor.accountId };
  if (isMailCaregiver(actor)) return { kind: 'caregiver', patientAccountId: patientAccountId ?? actor.accountId, accountId: actor.accountId };
  if (patientAccountId) return { kind: 'patientForClinician', patientAccountId, organisationId: actor.organisationId };
  return { kind: 'clinician', accountId: actor.accountId, organisationId: actor.organisationId };
}

export async function listThreads(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: ThreadListQuery,
): Promise<{ items: ThreadListItem[]; meta: ListMeta }> {
  if (query.patientAccountId) {
    await mailPatientFor(deps, actor, meta, query.patientAccountId, 'mail.threads.list');
  } else {
    await requireMailUser(deps, actor, meta, 'mail.threads.list');
    // The list names patients and subjects: who looked is recorded like any read of patient data.
    await authorize(deps, actor, meta, { action: 'mail.threads.list', resourceType: 'mailbox', resourceId: actor.accountId, allowed: true });
  }
  const scope = scopeOf(actor, query.patientAccountId);
  const { rows, total } = await listThreadRows(deps.db, scope, actor.accountId, query.page, query.pageSize, query.search);
  await auditPatientsListed(deps.db, actor, meta, 'mail.threads.list', rows.map((r) => r.patientAccountId));
  const senders = [...new Set(rows.flatMap((r) => (r.lastSenderId ? [r.lastSenderId] : [])))];
  const people = await peopleOf(deps.db, senders);
  const items = rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    patient: {
      accountId: row.patientAccountId,
      fullName: fullNameOf({ firstName: row.patientFirstName, middleName: row.patientMiddleName, lastName: row.patientLastName }),
    },
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastSender: row.lastSenderId ? personOf(people, row.lastSenderId) : null,
    messageCount: row.messageCount,
    unreadCount: row.unreadCount,
  }));
  return { items, meta: listMeta(total, query.page, query.pageSize) };
}

/**
 * The badge count: unread messages in the caller's mailbox. Not audited: it is a number polled by
 * the navigation, and says nothing about any patient.
 */
export async function unreadCount(deps: Deps, actor: Actor, meta: RequestMeta): Promise<UnreadCount> {
  await requireMailUser(deps, actor, meta, 'mail.unread.read');
  return { unreadCount: await countUnread(deps.db, scopeOf(actor, undefined), actor.accountId) };
}

/** A thread the caller may read, or 404 / 403 (audited). */
async function threadFor(deps: Deps, actor: Actor, meta: RequestMeta, threadId: string, action: string, permission: Permission = 'Read') {
  if (!isMailCaregiver(actor)) await requireMailUser(deps, actor, meta, action);
  const thread = await findThread(deps.db, threadId);
  if (!thread) throw new AppError('notFound');
  const patient = await mailPatientFor(deps, actor, meta, thread.patientAccountId, action, permission);
  // A caregiver reads only the threads they started, not the patient's own correspondence.
  if (isMailCaregiver(actor) && thread.createdByAccountId !== actor.accountId) {
    await authorize(deps, actor, meta, { action, resourceType: 'thread', resourceId: thread.id, allowed: false, onBehalfOf: patient.account.id });
  }
  return { thread, patient };
}

async function toThreadDto(deps: Deps, thread: ThreadRow, patient: AccountRecord): Promise<Thread> {
  const rows = await messagesOf(deps.db, thread.id);
  const senders = [...new Set(rows.flatMap((m) => (m.senderAccountId ? [m.senderAccountId] : [])))];
  const [people, files] = await Promise.all([
    peopleOf(deps.db, senders),
    findFilesMeta(
      deps.db,
      rows.flatMap((m) => m.fileIds),
    ),
  ]);
  return {
    id: thread.id,
    subject: thread.subject,
    patient: { accountId: patient.account.id, fullName: fullNameOf(patient.profile) },
    createdAt: thread.createdAt.toISOString(),
    lastMessageAt: thread.lastMessageAt.toISOString(),
    messages: rows.map((m) => ({
      id: m.id,
      sender: personOf(people, m.senderAccountId),
      body: m.body,
      attachments: toAttachmentDtos(files, m.fileIds),
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** Open a thread: its messages, and it is read up to the newest of them. */
export async function getThread(deps: Deps, actor: Actor, meta: RequestMeta, threadId: string): Promise<Thread> {
  const { thread, patient } = await threadFor(deps, actor, meta, threadId, 'mail.threads.read');
  const dto = await toThreadDto(deps, thread, patient);
  const newest = dto.messages.at(-1);
  if (newest) await markRead(deps.db, thread.id, actor.accountId, new Date(newest.createdAt));
  return dto;
}

/**
 * Write a message in a thread, in one transaction with the thread's activity, the sender's read
 * mark and the patient's timeline event (the sender's name and the subject, never the text).
 */
async function writeMessage(
  deps: Deps,
  actor: Actor,
  patient: AccountRecord,
  threadId: string | null,
  subject: string,
  message: NewMessage,
): Promise<string> {
  await attachableFiles(deps, actor, patient.account.id, message.fileIds);
  const [senders, caregiver] = await Promise.all([peopleOf(deps.db, [actor.accountId]), caregiverOf(deps.db, actor, patient.account.id)]);
  const at = new Date();
  const id = await changePatientRecord(deps, async (tx, record) => {
    const thread =
      threadId ??
      (await insertThread(tx, {
        organisationId: patient.account.organisationId,
        patientAccountId: patient.account.id,
        subject,
        createdByAccountId: actor.accountId,
        at,
      }));
    await insertMessage(tx, { threadId: thread, senderAccountId: actor.accountId, body: message.body, fileIds: message.fileIds, at });
    await recordMessageTime(
      tx,
      {
        threadId: thread,
        organisationId: patient.account.organisationId,
        patientAccountId: patient.account.id,
        senderAccountId: actor.accountId,
        sentAt: at,
        writingSince: message.writingSince,
      },
      isMailClinician(actor),
    );
    await markRead(tx, thread, actor.accountId, at);
    await record({
      organisationId: patient.account.organisationId,
      patientAccountId: patient.account.id,
      kind: 'message',
      refId: thread,
      at,
      data: { senderName: personOf(senders, actor.accountId).fullName, subject, ...caregiver },
    });
    return thread;
  });
  if (actor.accountId !== patient.account.id) await notifyPatientOfMessage(deps, patient.account.id);
  return id;
}

export async function createThread(deps: Deps, actor: Actor, meta: RequestMeta, input: NewThread): Promise<Thread> {
  if (!isMailCaregiver(actor)) await requireMailUser(deps, actor, meta, 'mail.threads.create');
  const patientAccountId = patientIdOf(actor, input.patientAccountId);
  const patient = await mailPatientFor(deps, actor, meta, patientAccountId, 'mail.threads.create', 'Write');
  const threadId = await writeMessage(deps, actor, patient, null, input.subject, input);
  const thread = await findThread(deps.db, threadId);
  if (!thread) throw new AppError('notFound');
  return toThreadDto(deps, thread, patient);
}

export async function replyToThread(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  threadId: string,
  input: NewMessage,
): Promise<Thread> {
  const { thread, patient } = await threadFor(deps, actor, meta, threadId, 'mail.messages.create', 'Write');
  await writeMessage(deps, actor, patient, thread.id, thread.subject, input);
  const updated = await findThread(deps.db, thread.id);
  if (!updated) throw new AppError('notFound');
  return toThreadDto(deps, updated, patient);
}

/** Patients a physician or nurse may start a thread with: those of their organisation. */
export async function mailRecipients(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  search: string | undefined,
): Promise<MailRecipient[]> {
  await authorize(deps, actor, meta, {
    action: 'mail.recipients.list',
    resourceType: 'patient',
    resourceId: null,
    allowed: isMailClinician(actor),
  });
  const rows = await searchPatients(deps.db, actor.organisationId, search, 20);
  await auditPatientsListed(deps.db, actor, meta, 'mail.recipients.list', rows.map((r) => r.accountId));
  return rows.map((r) => ({ accountId: r.accountId, fullName: fullNameOf(r), mrn: r.mrn }));
}

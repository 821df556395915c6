import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database';
import {
  accountRoles,
  accounts,
  careTeamMembers,
  messageThreads,
  messages,
  patientProfiles,
  profiles,
  threadReads,
} from '../db/schema';
import { containing } from '../db/like';

const threadColumns = {
  id: messageThreads.id,
  organisationId: messageThreads.organisationId,
  patientAccountId: messageThreads.patientAccountId,
  subject: messageThreads.subject,
  createdByAccountId: messageThreads.createdByAccountId,
  createdAt: messageThreads.createdAt,
  lastMessageAt: messageThreads.lastMessageAt,
};
export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;

/** Which threads a list covers: a patient's own, or a clinician's conversations in the organisation. */
export type ThreadScope =
  | { kind: 'patient'; patientAccountId: string }
  | { kind: 'clinician'; accountId: string; organisationId: string }
  | { kind: 'patientForClinician'; patientAccountId: string; organisationId: string }
  /** A caregiver's: the threads they started about the patient they write for (issue 19). */
  | { kind: 'caregiver'; patientAccountId: string; accountId: string };

/**
 * A clinician's conversations: threads they started or wrote in, threads of patients whose care team
 * they are on (care team members and the primary provider), and threads of patients who have no
 * care team yet, so that a patient's message never waits in nobody's mailbox.
 */
function clinicianConversations(accountId: string): SQL {
  const patient = messageThreads.patientAccountId;
  return sql`(
    ${messageThreads.createdByAccountId} = ${accountId}
    or exists (select 1 from ${messages} m where m.thread_id = ${messageThreads.id} and m.sender_account_id = ${accountId})
    or exists (select 1 from ${careTeamMembers} c where c.patient_account_id = ${patient} and c.provider_account_id = ${accountId})
    or exists (select 1 from ${patientProfiles} p where p.account_id = ${patient} and p.primary_provider_id = ${accountId})
    or (
      not exists (select 1 from ${careTeamMembers} c where c.patient_account_id = ${patient})
      and not exists (select 1 from ${patientProfiles} p where p.account_id = ${patient} and p.primary_provider_id is not null)
    )
  )`;
}

function scopeCondition(scope: ThreadScope): SQL | undefined {
  switch (scope.kind) {
    case 'patient':
      return eq(messageThreads.patientAccountId, scope.patientAccountId);
    case 'patientForClinician':
      return and(
        eq(messageThreads.patientAccountId, scope.patientAccountId),
        eq(messageThreads.organisationId, scope.organisationId),
      );
    case 'clinician':
      return and(eq(messageThreads.organisationId, scope.organisationId), clinicianConversations(scope.accountId));
    case 'caregiver':
      return and(eq(messageThreads.patientAccountId, scope.patientAccountId), eq(messageThreads.createdByAccountId, scope.accountId));
  }
}

/** Messages by others that `readerId` has not seen: written after the reader last opened the thread. */
function unreadIn(readerId: string): SQL<number> {
  return sql<number>`(
    select count(*)::int from ${messages} m
    where m.thread_id = ${messageThreads.id}
      and m.sender_account_id is distinct from ${readerId}
      and m.created_at > coalesce(
        (select r.last_read_at from ${threadReads} r where r.thread_id = ${messageThreads.id} and r.account_id = ${readerId}),
        '-infinity'::timestamptz
      )
  )`;
}

/** A thread whose subject, patient's name or any message holds the words (case and accents as typed). */
function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containing(search);
  return or(
    ilike(messageThreads.subject, pattern),
    sql`concat_ws(' ', ${profiles.firstName}, ${profiles.middleName}, ${profiles.lastName}) ilike ${pattern}`,
    sql`exists (select 1 from ${messages} m where m.thread_id = ${messageThreads.id} and m.body ilike ${pattern})`,
  );
}

export async function listThreads(
  db: Executor,
  scope: ThreadScope,
  readerId: string,
  page: number,
  pageSize: number,
  search?: string,
) {
  const where = and(scopeCondition(scope), matching(search));
  const rows = await db
    .select({
      ...threadColumns,
      patientFirstName: profiles.firstName,
      patientMiddleName: profiles.middleName,
      patientLastName: profiles.lastName,
      messageCount: sql<number>`(select count(*)::int from ${messages} m where m.thread_id = ${messageThreads.id})`,
      lastSenderId: sql<
        string | null
      >`(select m.sender_account_id from ${messages} m where m.thread_id = ${messageThreads.id} order by m.created_at desc, m.id desc limit 1)`,
      unreadCount: unreadIn(readerId),
    })
    .from(messageThreads)
    .innerJoin(profiles, eq(profiles.accountId, messageThreads.patientAccountId))
    .where(where)
    .orderBy(desc(messageThreads.lastMessageAt), desc(messageThreads.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageThreads)
    .innerJoin(profiles, eq(profiles.accountId, messageThreads.patientAccountId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Unread messages across every thread of the scope. */
export async function countUnread(db: Executor, scope: ThreadScope, readerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${unreadIn(readerId)}), 0)::int` })
    .from(messageThreads)
    .where(scopeCondition(scope));
  return row?.n ?? 0;
}

export async function findThread(db: Executor, id: string) {
  const [row] = await db.select(threadColumns).from(messageThreads).where(eq(messageThreads.id, id));
  return row;
}

export async function messagesOf(db: Executor, threadId: string) {
  return db
    .select({
      id: messages.id,
      senderAccountId: messages.senderAccountId,
      body: messages.body,
      fileIds: messages.fileIds,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.threadId, threadId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function insertThread(
  db: Executor,
  values: { organisationId: string; patientAccountId: string; subject: string; createdByAccountId: string; at: Date },
): Promise<string> {
  const [row] = await db
    .insert(messageThreads)
    .values({
      organisationId: values.organisationId,
      patientAccountId: values.patientAccountId,
      subject: values.subject,
      createdByAccountId: values.createdByAccountId,
      createdAt: values.at,
      lastMessageAt: values.at,
    })
    .returning({ id: messageThreads.id });
  if (!row) throw new Error('thread insert returned nothing');
  return row.id;
}

/**
 * A message and the thread's last activity. The time is the caller's, not the database's now():
 * read marks are set to the newest message seen, so both must be the same millisecond values.
 */
export async function insertMessage(
  db: Executor,
  values: { threadId: string; senderAccountId: string; body: string; fileIds: string[]; at: Date },
): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({
      threadId: values.threadId,
      senderAccountId: values.senderAccountId,
      body: values.body,
      fileIds: values.fileIds,
      createdAt: values.at,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('message insert returned nothing');
  await db
    .update(messageThreads)
    .set({ lastMessageAt: sql`greatest(${messageThreads.lastMessageAt}, ${values.at.toISOString()}::timestamptz)` })
    .where(eq(messageThreads.id, values.threadId));
  return row.id;
}

/** The reader has seen the thread up to `at`; a read mark never moves back. */
export async function markRead(db: Executor, threadId: string, accountId: string, at: Date): Promise<void> {
  await db
    .insert(threadReads)
    .values({ threadId, accountId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.accountId],
      set: { lastReadAt: sql`greatest(${threadReads.lastReadAt}, excluded.last_read_at)` },
    });
}

/** Names and roles of the people in a conversation. */
export async function peopleOf(db: Executor, accountIds: readonly string[]) {
  if (accountIds.length === 0) return [];
  const people = await db
    .select({
      accountId: profiles.accountId,
      firstName: profiles.firstName,
      middleName: profiles.middleName,
      lastName: profiles.lastName,
    })
    .from(profiles)
    .where(inArray(profiles.accountId, [...accountIds]));
  const roles = await db
    .select({ accountId: accountRoles.accountId, role: accountRoles.role })
    .from(accountRoles)
    .where(inArray(accountRoles.accountId, [...accountIds]));
  return people.map((p) => ({ ...p, roles: roles.filter((r) => r.accountId === p.accountId).map((r) => r.role) }));
}

/** Where a patient is told about new mail, and whether they want to be. */
export async function patientContact(db: Executor, accountId: string) {
  const [row] = await db
    .select({ email: profiles.email, emailNotifications: profiles.emailNotifications, organisationId: accounts.organisationId })
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(eq(profiles.accountId, accountId));
  return row;
}

/** The thread a file is attached in, if any: a file's access follows the message it travels with. */
export async function threadOfAttachment(db: Executor, fileId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ threadId: messages.threadId })
    .from(messages)
    .where(sql`${messages.fileIds} @> ${JSON.stringify([fileId])}::jsonb`)
    .limit(1);
  return row?.threadId;
}

/** Patients of the organisation a clinician may write to, by name or MRN. */
export async function searchPatients(db: Executor, organisationId: string, search: string | undefined, limit: number) {
  const pattern = search ? containing(search) : undefined;
  return db
    .select({
      accountId: accounts.id,
      firstName: profiles.firstName,
      middleName: profiles.middleName,
      lastName: profiles.lastName,
      mrn: patientProfiles.mrn,
    })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .innerJoin(patientProfiles, eq(patientProfiles.accountId, accounts.id))
    .where(
      and(
        eq(accounts.organisationId, organisationId),
        eq(accounts.accountType, 'pat'),
        eq(accounts.status, 'active'),
        pattern
          ? or(
              ilike(profiles.firstName, pattern),
              ilike(profiles.lastName, pattern),
              ilike(sql`${profiles.firstName} || ' ' || ${profiles.lastName}`, pattern),
              ilike(patientProfiles.mrn, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(asc(profiles.lastName), asc(profiles.firstName))
    .limit(limit);
}

/** The message before this one in its thread (the one it answers), if any. */
const previousMessageId = sql<string | null>`(
  select earlier.id from ${messages} as earlier
  where earlier.thread_id = ${messages.threadId}
    and (earlier.created_at, earlier.id) < (${messages.createdAt}, ${messages.id})
  order by earlier.created_at desc, earlier.id desc limit 1)`;

/**
 * Messages as FHIR Communications see them: who wrote, when, in which thread about which patient,
 * with how many attachments, and the message each answers. Never the text.
 */
const messageMetaColumns = {
  id: messages.id,
  threadId: messages.threadId,
  subject: messageThreads.subject,
  organisationId: messageThreads.organisationId,
  patientAccountId: messageThreads.patientAccountId,
  senderAccountId: messages.senderAccountId,
  senderType: accounts.accountType,
  attachments: sql<number>`jsonb_array_length(${messages.fileIds})`.mapWith(Number),
  inResponseTo: previousMessageId,
  createdAt: messages.createdAt,
};
export type MessageMeta = Awaited<ReturnType<typeof messageMetaOfPatient>>[number];

/** A patient's messages, newest first, at most `limit`. */
export async function messageMetaOfPatient(db: Executor, patientAccountId: string, limit: number) {
  return db
    .select(messageMetaColumns)
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .leftJoin(accounts, eq(accounts.id, messages.senderAccountId))
    .where(eq(messageThreads.patientAccountId, patientAccountId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

export async function findMessageMeta(db: Executor, id: string): Promise<MessageMeta | undefined> {
  const [row] = await db
    .select(messageMetaColumns)
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .leftJoin(accounts, eq(accounts.id, messages.senderAccountId))
    .where(eq(messages.id, id));
  return row;
}

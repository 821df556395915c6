import type { VisitChatMessage } from '@opencare/schemas/entities/visits';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { findActiveByDevice } from './visit-participants.repository';
import { countVisitMessages, insertVisitMessage, listVisitMessageRows, type VisitMessageRow } from './visit-messages.repository';
import { findVisit } from './visits.repository';

/**
 * The visit's chat (issue 18): everyone in the call, guests too, writes to everyone else; the
 * messages stay with the visit and its record shows them afterwards. Message text is patient data:
 * it never goes into the audit log or the logs.
 */

/**
 * A visit's chat is a conversation, not a mailbox: this many messages are more than any call holds.
 * Sending stops there (visitChatFull), so everything sent is read back, in the call and afterwards.
 */
export const VISIT_CHAT_MAX_MESSAGES = 500;

/** Who sends: a signed-in person's account, or a guest's invitation (their token names it). */
export type ChatSender = { accountId: string } | { invitationId: string };

function toMessage(row: VisitMessageRow): VisitChatMessage {
  return {
    id: row.id,
    visitId: row.visitId,
    senderAccountId: row.senderAccountId,
    senderName: row.senderName,
    body: row.body,
    sentAt: row.createdAt.toISOString(),
  };
}

/**
 * Send a message from a device in the call. Only while that device still holds the sender's active
 * place (one who left, was taken over or whose visit ended is refused, 403, audited); then stored,
 * audited without its text, and told to everyone in the visit's room.
 */
export async function sendVisitChat(
  deps: Deps,
  actor: Actor | null,
  meta: RequestMeta,
  input: { visitId: string; deviceId: string; sender: ChatSender; body: string },
): Promise<VisitChatMessage> {
  const place = await findActiveByDevice(deps.db, input.visitId, input.deviceId);
  const { sender } = input;
  const allowed =
    place !== undefined &&
    ('accountId' in sender ? place.accountId === sender.accountId : place.invitationId === sender.invitationId);
  await audit(deps.db, actor, meta, {
    action: 'visit.chat',
    resourceType: 'visit',
    resourceId: input.visitId,
    outcome: allowed ? 'allowed' : 'denied',
  });
  if (!place || !allowed) throw new AppError('err_forbidden');
  if ((await countVisitMessages(deps.db, input.visitId)) >= VISIT_CHAT_MAX_MESSAGES) {
    throw new AppError('visitChatFull', { params: { max: VISIT_CHAT_MAX_MESSAGES } });
  }
  const message = toMessage(
    await insertVisitMessage(deps.db, {
      visitId: input.visitId,
      senderAccountId: place.accountId,
      senderInvitationId: place.invitationId,
      senderName: place.fullName,
      body: input.body,
    }),
  );
  deps.live.visit({ kind: 'chatMessage', visitId: input.visitId, message });
  return message;
}

const sentBy = (row: VisitMessageRow, sender: ChatSender) =>
  'accountId' in sender ? row.senderAccountId === sender.accountId : row.senderInvitationId === sender.invitationId;

/**
 * The chat so far, for a device that just entered the visit's room (its place was checked there),
 * and which of it the reader sent: a guest has no account to recognise their own by after a reload.
 */
export async function chatSoFar(
  deps: Pick<Deps, 'db'>,
  visitId: string,
  reader: ChatSender,
): Promise<{ messages: VisitChatMessage[]; ownMessageIds: string[] }> {
  const rows = await listVisitMessageRows(deps.db, visitId);
  return { messages: rows.map(toMessage), ownMessageIds: rows.filter((row) => sentBy(row, reader)).map((row) => row.id) };
}

/** The visit's chat afterwards, for whoever may read the visit (the patient, the clinic's clinicians). */
export async function listVisitChat(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  visitId: string,
): Promise<VisitChatMessage[]> {
  const row = await findVisit(deps.db, visitId);
  if (!row) throw new AppError('notFound');
  await patientFor(deps, actor, meta, row.appointment.patientAccountId, 'visit.messages');
  return (await listVisitMessageRows(deps.db, visitId)).map(toMessage);
}

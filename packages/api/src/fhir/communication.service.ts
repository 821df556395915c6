import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { readablePatient, type Reader } from '../api-keys/integration-reader';
import { authorize } from '../access/access';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { isMailClinician, isMailPatient } from '../mail-threads/mail-access';
import { findMessageMeta, messageMetaOfPatient, type MessageMeta } from '../mail-threads/mail-threads.repository';
import { fhirCommunicationSchema, type FhirCommunication, type FhirSearchBundle } from './fhir-r4';
import { baseOf, dateParams, matchesDate, resultParams, searchBundle, searchQuery, searchedPatient, type SearchOptions } from './fhir.service';

/*
 * Secure mail as FHIR R4 Communications (issue 21): one per message, saying who wrote it, when, in
 * which conversation (its subject, and the message it answers) and how many files it carried. The
 * text and the files never leave through FHIR: a clinic's system learns that the patient and the
 * care team corresponded, and reads the conversation in the app.
 */

/** The most messages one search or $everything looks through. */
export const SEARCH_MESSAGES_MAX = 5_000;
/** FHIR's participation mode for writing online (a portal message). */
const MEDIUM = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode', code: 'ONLINEWRIT', display: 'online written' }] };
/** The conversation a message belongs to, so a client can group messages into threads. */
const THREAD_SYSTEM = 'urn:opencare:mail-thread';

export const communicationSearchSchema = z.strictObject({
  patient: z.string().optional(),
  subject: z.string().optional(),
  /** When sent: FHIR's eq/ge/gt/le/lt prefixes. */
  sent: dateParams.optional(),
  ...resultParams,
});

function senderOf(message: MessageMeta): FhirCommunication['sender'] {
  if (!message.senderAccountId) return undefined;
  if (message.senderType === 'prov') return { reference: `Practitioner/${message.senderAccountId}` };
  if (message.senderType === 'pat') return { reference: `Patient/${message.senderAccountId}` };
  // Caregivers are not served as resources of their own.
  return { display: 'A caregiver of the patient' };
}

export function toFhirCommunication(message: MessageMeta): FhirCommunication {
  return fhirCommunicationSchema.parse({
    resourceType: 'Communication',
    id: message.id,
    identifier: [{ system: THREAD_SYSTEM, value: message.threadId }],
    ...(message.inResponseTo ? { inResponseTo: [{ reference: `Communication/${message.inResponseTo}` }] } : {}),
    status: 'completed',
    medium: [MEDIUM],
    subject: { reference: `Patient/${message.patientAccountId}` },
    topic: { text: message.subject },
    sent: message.createdAt.toISOString(),
    sender: senderOf(message),
    ...(message.attachments > 0 ? { note: [{ text: `${message.attachments} attachment${message.attachments === 1 ? '' : 's'}, read in the app` }] } : {}),
  });
}

/**
 * Whether a reader takes part in mail at all: the organisation's integrations, a patient for
 * themself, physicians and nurses (docs/mail.md). Everyone else is refused, and the refusal audited.
 */
async function requireMailReader(deps: Deps, reader: Reader, meta: RequestMeta, action: string, patientAccountId: string): Promise<void> {
  if (reader.kind === 'integration' || isMailClinician(reader.actor) || isMailPatient(reader.actor)) return;
  await authorize(deps, reader.actor, meta, { action, resourceType: 'patient', resourceId: patientAccountId, allowed: false });
}

/** `GET Communication/{id}`: a message of a patient the caller may read the record and mail of. */
export async function fhirCommunication(deps: Deps, reader: Reader, meta: RequestMeta, id: string): Promise<FhirCommunication> {
  const message = uuidSchema.safeParse(id).success ? await findMessageMeta(deps.db, id) : undefined;
  if (!message) throw new AppError('notFound');
  await readablePatient(deps, reader, meta, message.patientAccountId, 'fhir.communication.read', 'Export');
  await requireMailReader(deps, reader, meta, 'fhir.communication.read', message.patientAccountId);
  return toFhirCommunication(message);
}

/** A patient's messages as Communications, newest first, for a reader already allowed the patient's record. */
export async function communicationsOf(deps: Deps, reader: Reader, patientAccountId: string): Promise<FhirCommunication[]> {
  if (reader.kind === 'account' && !isMailClinician(reader.actor) && !isMailPatient(reader.actor)) return [];
  return (await messageMetaOfPatient(deps.db, patientAccountId, SEARCH_MESSAGES_MAX)).map(toFhirCommunication);
}

/** `GET Communication?patient=`: the patient's messages, newest first; `sent` filters on when. */
export async function searchCommunications(deps: Deps, reader: Reader, meta: RequestMeta, rawQuery: unknown, options: SearchOptions = {}): Promise<FhirSearchBundle> {
  const query = searchQuery(communicationSearchSchema, rawQuery, options.lenient);
  const patient = await searchedPatient(deps, reader, meta, query, 'fhir.communication.search');
  await requireMailReader(deps, reader, meta, 'fhir.communication.search', patient.account.id);
  const found = (await communicationsOf(deps, reader, patient.account.id)).filter((message) => matchesDate(message.sent, query.sent));
  const params = new URLSearchParams({ patient: patient.account.id });
  for (const sent of query.sent ?? []) params.append('sent', sent);
  return searchBundle(baseOf(deps, options), 'Communication', params, query, found.length, found.slice(query._offset, query._offset + query._count));
}

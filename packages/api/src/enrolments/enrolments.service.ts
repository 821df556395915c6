import { enrolInputSchema, setupInputSchema, type Enrolment } from '@opencare/schemas/entities/enrolment';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Actor } from '../access/actor';
import { audit } from '../audit/audit.service';
import { monitoringEnrolments } from '../db/schema';
import type { Deps, RequestMeta } from '../deps';
import { AppError, parseInput } from '../errors/app-error';
import { patientFor } from '../patients/patient-access';
import { findClinicianIds, findNames } from '../patients/patients.repository';

type EnrolmentRow = typeof monitoringEnrolments.$inferSelect;

/** The patient's episodes, newest first: the patient and the clinicians of the organisation read them. */
export async function enrolmentsOf(deps: Deps, actor: Actor, meta: RequestMeta, patientId: string): Promise<Enrolment[]> {
  await patientFor(deps, actor, meta, patientId, 'enrolments.read');
  const rows = await deps.db
    .select()
    .from(monitoringEnrolments)
    .where(eq(monitoringEnrolments.patientAccountId, patientId))
    .orderBy(desc(monitoringEnrolments.createdAt));
  return toDtos(deps, rows);
}

/**
 * A physician or nurse enrols the patient: verbal consent, with its witness, starts the episode at
 * once; consent in the app leaves it waiting for the patient to sign. One open episode at a time.
 */
export async function enrol(deps: Deps, actor: Actor, meta: RequestMeta, patientId: string, body: unknown): Promise<Enrolment> {
  const patient = await patientFor(deps, actor, meta, patientId, 'enrolments.create', 'care', 'Write');
  const input = parseInput(enrolInputSchema, body);
  const clinicians = await findClinicianIds(deps.db, patient.account.organisationId, [input.primaryProviderId]);
  if (!clinicians.has(input.primaryProviderId)) {
    throw new AppError('validationFailed', { fields: [{ field: 'primaryProviderId', message: 'Choose a provider of this organisation.' }] });
  }
  const verbal = input.consent.method === 'verbal' ? input.consent : null;
  const [row] = await deps.db
    .insert(monitoringEnrolments)
    .values({
      organisationId: patient.account.organisationId,
      patientAccountId: patientId,
      status: verbal ? 'active' : 'awaitingConsent',
      conditions: input.conditions,
      measurementTypes: input.measurementTypes,
      devices: input.devices,
      startDate: input.startDate,
      primaryProviderAccountId: input.primaryProviderId,
      enrolledByAccountId: actor.accountId,
      consentMethod: input.consent.method,
      consentAt: verbal ? new Date(verbal.at) : null,
      consentRecordedByAccountId: verbal ? actor.accountId : null,
      consentWitness: verbal?.witness ?? null,
    })
    // The partial unique index keeps one open episode per patient, whoever enrols at the same moment.
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('alreadyEnrolled');
  return (await toDtos(deps, [row]))[0]!;
}

/** The patient signs their consent in the app: the episode starts. */
export async function consent(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Enrolment> {
  const row = await ownEnrolment(deps, actor, meta, id, 'enrolments.consent');
  if (row.status !== 'awaitingConsent') throw new AppError('enrolmentNotAwaitingConsent');
  return update(deps, row, { status: 'active', consentAt: new Date(), consentRecordedByAccountId: actor.accountId });
}

/** The patient withdraws consent (or declines to give it): the episode ends. */
export async function withdraw(deps: Deps, actor: Actor, meta: RequestMeta, id: string): Promise<Enrolment> {
  const row = await ownEnrolment(deps, actor, meta, id, 'enrolments.withdraw');
  if (row.status === 'ended') throw new AppError('enrolmentNotActive');
  const now = new Date();
  return update(deps, row, { status: 'ended', consentWithdrawnAt: now, endedAt: now });
}

/** The first device set-up and education of the episode, recorded once by a physician or nurse. */
export async function recordSetup(deps: Deps, actor: Actor, meta: RequestMeta, id: string, body: unknown): Promise<Enrolment> {
  const row = await enrolmentFor(deps, actor, meta, id, 'enrolments.setup');
  await patientFor(deps, actor, meta, row.patientAccountId, 'enrolments.setup', 'care', 'Write');
  const { note } = parseInput(setupInputSchema, body);
  // Once per episode, whoever records it first.
  const [updated] = await deps.db
    .update(monitoringEnrolments)
    .set({ setupAt: new Date(), setupByAccountId: actor.accountId, setupNote: note ?? null })
    .where(and(eq(monitoringEnrolments.id, id), eq(monitoringEnrolments.status, 'active'), isNull(monitoringEnrolments.setupAt)))
    .returning();
  if (!updated) throw new AppError(row.status === 'active' ? 'setupAlreadyRecorded' : 'enrolmentNotActive');
  return (await toDtos(deps, [updated]))[0]!;
}

async function enrolmentFor(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string): Promise<EnrolmentRow> {
  const [row] = await deps.db.select().from(monitoringEnrolments).where(eq(monitoringEnrolments.id, id));
  if (!row) {
    await audit(deps.db, actor, meta, { action, resourceType: 'enrolment', resourceId: id, outcome: 'denied' });
    throw new AppError('notFound');
  }
  return row;
}

/** An enrolment of the caller's own record: consent and its withdrawal are the patient's alone. */
async function ownEnrolment(deps: Deps, actor: Actor, meta: RequestMeta, id: string, action: string): Promise<EnrolmentRow> {
  const row = await enrolmentFor(deps, actor, meta, id, action);
  await patientFor(deps, actor, meta, row.patientAccountId, action, 'self', 'Read');
  return row;
}

async function update(deps: Deps, row: EnrolmentRow, values: Partial<EnrolmentRow>): Promise<Enrolment> {
  const [updated] = await deps.db
    .update(monitoringEnrolments)
    .set(values)
    .where(and(eq(monitoringEnrolments.id, row.id), eq(monitoringEnrolments.status, row.status)))
    .returning();
  if (!updated) throw new AppError(row.status === 'awaitingConsent' ? 'enrolmentNotAwaitingConsent' : 'enrolmentNotActive');
  return (await toDtos(deps, [updated]))[0]!;
}

async function toDtos(deps: Deps, rows: EnrolmentRow[]): Promise<Enrolment[]> {
  const names = await findNames(
    deps.db,
    rows.flatMap((r) => [r.primaryProviderAccountId, r.enrolledByAccountId, r.consentRecordedByAccountId, r.setupByAccountId].filter((id): id is string => id !== null)),
  );
  const name = (id: string | null) => (id ? (names.get(id) ?? '') : '');
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return rows.map((r) => ({
    id: r.id,
    patientAccountId: r.patientAccountId,
    status: r.status,
    conditions: r.conditions,
    measurementTypes: r.measurementTypes as Enrolment['measurementTypes'],
    devices: r.devices,
    startDate: r.startDate,
    primaryProviderAccountId: r.primaryProviderAccountId,
    primaryProviderName: name(r.primaryProviderAccountId),
    enrolledByName: name(r.enrolledByAccountId),
    createdAt: r.createdAt.toISOString(),
    consent:
      r.consentAt && r.consentRecordedByAccountId
        ? { method: r.consentMethod, at: r.consentAt.toISOString(), recordedByAccountId: r.consentRecordedByAccountId, recordedByName: name(r.consentRecordedByAccountId), witness: r.consentWitness }
        : null,
    consentWithdrawnAt: iso(r.consentWithdrawnAt),
    setupAt: iso(r.setupAt),
    setupByName: r.setupByAccountId ? name(r.setupByAccountId) : null,
    setupNote: r.setupNote,
    endedAt: iso(r.endedAt),
  }));
}

import { rangeClassSchema } from '@opencare/schemas/entities/measurements';
import {
  PATIENT_LIST_ADHERENCE_DAYS,
  patientSortOf,
  type PatientDetail,
  type PatientListItem,
  type PatientSearchQuery,
  type UpdatePatientCareInput,
} from '@opencare/schemas/entities/patients';
import type { PatientProfile } from '@opencare/schemas/entities/profile';
import { listMeta, type ListMeta } from '@opencare/schemas/envelope';
import type { FieldIssue } from '@opencare/schemas/errors';
import { ROLES, roleNameOf, type RoleName } from '@opencare/schemas/roles';
import { authorize, hasRouteRole } from '../access/access';
import { auditListAndPatients } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import { toProfileDto } from '../accounts/account.dto';
import { findAccount, type AccountRecord } from '../accounts/accounts.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from './patient-access';
import { listColumnsOf } from './patient-list-columns.repository';
import { adherenceOf } from '../tasks/adherence.repository';
import { ensureTasksOver, overdueMinutesOf } from '../tasks/tasks.service';
import { scheduledPatients } from '../adherence/behind.repository';
import { providerRoleOf, toBasicProfile } from './people.dto';
import {
  addCareTeamMembers,
  findCareTeam,
  findClinicianIds,
  listPatientRows,
  replaceCareTeam,
  updatePatientCareRow,
  type PatientCareValues,
} from './patients.repository';

const DAY_MS = 86_400_000;

/**
 * Find patients (spec §7 `/patients`, `/patients/search`). Clinicians (physicians, nurses,
 * assistants) find the active patients of their organisation; a patient finds only themself. Each
 * row carries the patient's open alerts, last reading and adherence over the last
 * PATIENT_LIST_ADHERENCE_DAYS days (issue 17 part 5), and the list sorts on any of them before it
 * is paged. A refusal is audited before any read; an allowed list is audited with the patients it
 * shows, in one insert before the answer (issue 20: a search is a handful of statements).
 */
export async function listPatients(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: PatientSearchQuery,
  now = new Date(),
): Promise<{ items: PatientListItem[]; meta: ListMeta }> {
  const clinician = hasRouteRole(actor, 'clinician');
  const patient = !clinician && (hasRouteRole(actor, 'patient') || actor.accountType === 'pat');
  const event = {
    action: 'patients.list',
    resourceType: patient ? 'patient' : 'organisation',
    resourceId: patient ? actor.accountId : actor.organisationId,
  };
  if (!clinician && !patient) await authorize(deps, actor, meta, { ...event, allowed: false });
  const { sort, direction } = patientSortOf(query);
  const since = new Date(now.getTime() - PATIENT_LIST_ADHERENCE_DAYS * DAY_MS);
  const overdueMinutes = await overdueMinutesOf(deps.db, actor.organisationId);
  const adherence = { from: since, to: now, rule: { overdueMinutes, now } };
  // Sorting by adherence ranks every patient the caller may see, so all their tasks must be there.
  if (sort === 'adherence') {
    const scheduled = await scheduledPatients(deps.db, actor.organisationId, patient ? [actor.accountId] : undefined);
    await ensureTasksOver(deps.db, scheduled.map((s) => s.patientAccountId), since, now);
  }
  const { rows, total } = await listPatientRows(
    deps.db,
    {
      organisationId: actor.organisationId,
      accountId: patient ? actor.accountId : undefined,
      search: query.search,
      name: query.name,
      mrn: query.mrn,
      dateOfBirth: query.dateOfBirth,
    },
    { sort, direction, adherence },
    query.page,
    query.pageSize,
  );
  const ids = rows.map((r) => r.accountId);
  if (sort !== 'adherence') await ensureTasksOver(deps.db, ids, since, now);
  const [, columns] = await Promise.all([auditListAndPatients(deps.db, actor, meta, event, ids), listColumnsOf(deps.db, ids, adherence)]);
  const columnsOf = new Map(columns.map((c) => [c.patientAccountId, c]));
  const items = rows.map((row) => {
    const column = columnsOf.get(row.accountId);
    const worst = rangeClassSchema.safeParse(column?.worstAlert);
    return {
      ...toBasicProfile(row.profile),
      accountId: row.accountId,
      mrn: row.mrn,
      primaryProvider:
        row.primaryProviderId && row.primaryProviderName
          ? { accountId: row.primaryProviderId, fullName: row.primaryProviderName }
          : null,
      isOnline: row.isOnline,
      lastSeen: row.lastSeen ? row.lastSeen.toISOString() : null,
      openAlerts: { count: column?.openAlerts ?? 0, worst: worst.success ? worst.data : null },
      lastReading: column?.readingType && column.readingAt ? { type: column.readingType, takenAt: column.readingAt.toISOString() } : null,
      adherence: adherenceOf(column?.due ?? 0, column?.completed ?? 0),
    };
  });
  return { items, meta: listMeta(total, query.page, query.pageSize) };
}

const TEAM_ORDER: RoleName[] = ['Physician', 'Nurse', 'Assistant'];
const rankOf = (role: RoleName) => (TEAM_ORDER.includes(role) ? TEAM_ORDER.indexOf(role) : TEAM_ORDER.length);

/** The patient profile of spec §3 with the care team, for a caller already allowed to read it. */
export async function patientDetailOf(deps: Deps, record: AccountRecord): Promise<PatientDetail> {
  const profile = toProfileDto(record);
  if (!('mrn' in profile)) throw new AppError('notFound');
  // Physicians first, then nurses, then assistants, each by name.
  const careTeam = (await findCareTeam(deps.db, record.account.id))
    .map(({ accountId, fullName, roles }) => ({ accountId, fullName, role: providerRoleOf(roles) ?? roleNameOf(roles[0] ?? ROLES.User) }))
    .sort((a, b) => rankOf(a.role) - rankOf(b.role) || a.fullName.localeCompare(b.fullName));
  return { ...(profile satisfies PatientProfile), accountId: record.account.id, careTeam };
}

/** One patient (`GET /patients/{id}`): themself, or a clinician of their organisation. */
export async function getPatient(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientAccountId: string,
): Promise<PatientDetail> {
  const record = await patientFor(deps, actor, meta, patientAccountId, 'patients.read');
  return patientDetailOf(deps, record);
}

/**
 * The care profile (primary provider, care team, history, medications, allergies, blood type) is
 * set by the patient's physicians and nurses; the providers named must be clinicians of the
 * patient's organisation.
 */
export async function updatePatientCare(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  patientAccountId: string,
  input: UpdatePatientCareInput,
): Promise<PatientDetail> {
  const patient = await patientFor(deps, actor, meta, patientAccountId, 'patients.care.update', 'care', 'Update');
  const named = [...(input.careTeam ?? []), ...(input.primaryProviderId ? [input.primaryProviderId] : [])];
  const clinicians = await findClinicianIds(deps.db, patient.account.organisationId, named);
  const fields: FieldIssue[] = [];
  const notAProvider = 'Choose a provider of this organisation.';
  if (input.primaryProviderId && !clinicians.has(input.primaryProviderId))
    fields.push({ field: 'primaryProviderId', message: notAProvider });
  input.careTeam?.forEach((id, index) => {
    if (!clinicians.has(id)) fields.push({ field: `careTeam.${index}`, message: notAProvider });
  });
  if (fields.length > 0) throw new AppError('validationFailed', { fields });

  const values: PatientCareValues = {};
  if (input.primaryProviderId !== undefined) values.primaryProviderId = input.primaryProviderId;
  if (input.medicalHistory) values.medicalHistory = input.medicalHistory;
  if (input.medications) values.medications = input.medications;
  if (input.allergies) values.allergies = input.allergies;
  if (input.bloodType !== undefined) values.bloodType = input.bloodType;
  // The primary provider is always on the care team: the team reads the patient's mail and alerts.
  const primary =
    input.primaryProviderId !== undefined
      ? input.primaryProviderId
      : (patient.patient?.primaryProviderId ?? null);
  await deps.db.transaction(async (tx) => {
    await updatePatientCareRow(tx, patientAccountId, values);
    if (input.careTeam) await replaceCareTeam(tx, patientAccountId, input.careTeam);
    if (primary && (input.careTeam || input.primaryProviderId))
      await addCareTeamMembers(tx, patientAccountId, [primary]);
  });
  const updated = await findAccount(deps.db, patientAccountId);
  if (!updated) throw new AppError('notFound');
  return patientDetailOf(deps, updated);
}

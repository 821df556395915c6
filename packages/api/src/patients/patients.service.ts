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
import { authorizeAlongside, hasRouteRole } from '../access/access';
import { auditPatientsListed } from '../audit/audit.service';
import type { Actor } from '../access/actor';
import { toProfileDto } from '../accounts/account.dto';
import { findAccount, type AccountRecord } from '../accounts/accounts.repository';
import type { Deps, RequestMeta } from '../deps';
import { AppError } from '../errors/app-error';
import { patientFor } from './patient-access';
import { lastReadingsOf, openAlertsOf } from './patient-list-columns.repository';
import { adherenceByPatient, adherenceOf } from '../tasks/adherence.repository';
import { ensureTasksOver, overdueMinutesOf } from '../tasks/tasks.service';
import { scheduledPatients } from '../adherence/behind.repository';
import type { Executor } from '../db/database';
import { providerRoleOf, toBasicProfile } from './people.dto';
import {
  addCareTeamMembers,
  findCareTeamIds,
  findClinicianIds,
  findNames,
  findRoles,
  listPatientRows,
  replaceCareTeam,
  updatePatientCareRow,
  type PatientCareValues,
} from './patients.repository';

const DAY_MS = 86_400_000;

/** The adherence period's tasks of these patients with a schedule (all the organisation's when not given). */
async function ensurePeriodTasks(db: Executor, organisationId: string, among: string[] | undefined, from: Date, to: Date) {
  const scheduled = await scheduledPatients(db, organisationId, among);
  await ensureTasksOver(db, scheduled.map((s) => s.patientAccountId), from, to);
}

/**
 * Find patients (spec §7 `/patients`, `/patients/search`). Clinicians (physicians, nurses,
 * assistants) find the active patients of their organisation; a patient finds only themself. Each
 * row carries the patient's open alerts, last reading and adherence over the last
 * PATIENT_LIST_ADHERENCE_DAYS days (issue 17 part 5), and the list sorts on any of them before it
 * is paged.
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
    allowed: clinician || patient,
  };
  return authorizeAlongside(deps, actor, meta, event, () =>
    patientPage(deps, actor, meta, query, patient, now),
  );
}

/** listPatients' page, once the caller may see it; `patient`: the caller sees only themself. */
async function patientPage(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
  query: PatientSearchQuery,
  patient: boolean,
  now: Date,
): Promise<{ items: PatientListItem[]; meta: ListMeta }> {
  const { sort, direction } = patientSortOf(query);
  const since = new Date(now.getTime() - PATIENT_LIST_ADHERENCE_DAYS * DAY_MS);
  const rule = { overdueMinutes: await overdueMinutesOf(deps.db, actor.organisationId), now };
  const self = patient ? [actor.accountId] : undefined;
  // Sorting by adherence ranks every patient the caller may see, so all their tasks must be there.
  if (sort === 'adherence') await ensurePeriodTasks(deps.db, actor.organisationId, self, since, now);
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
    { sort, direction, adherence: { from: since, to: now, rule } },
    query.page,
    query.pageSize,
  );
  const ids = rows.map((r) => r.accountId);
  if (sort !== 'adherence') await ensurePeriodTasks(deps.db, actor.organisationId, ids, since, now);
  // The patients shown are audited alongside the reads of their columns, before the answer.
  const [, providerNames, alerts, readings, adherence] = await Promise.all([
    auditPatientsListed(deps.db, actor, meta, 'patients.list', ids),
    findNames(
      deps.db,
      rows.flatMap((r) => (r.primaryProviderId ? [r.primaryProviderId] : [])),
    ),
    openAlertsOf(deps.db, ids),
    lastReadingsOf(deps.db, ids),
    adherenceByPatient(deps.db, ids, since, now, rule),
  ]);
  const alertsOf = new Map(alerts.map((a) => [a.patientAccountId, a]));
  const readingOf = new Map(readings.map((r) => [r.patientAccountId, r]));
  const adherenceOfPatient = new Map(adherence.map((a) => [a.patientAccountId, a]));
  const items = rows.map((row) => {
    const providerName = row.primaryProviderId ? providerNames.get(row.primaryProviderId) : undefined;
    const open = alertsOf.get(row.accountId);
    const worst = rangeClassSchema.safeParse(open?.worst);
    const reading = readingOf.get(row.accountId);
    const counts = adherenceOfPatient.get(row.accountId);
    return {
      ...toBasicProfile(row.profile),
      accountId: row.accountId,
      mrn: row.mrn,
      primaryProvider:
        row.primaryProviderId && providerName
          ? { accountId: row.primaryProviderId, fullName: providerName }
          : null,
      isOnline: row.isOnline,
      lastSeen: row.lastSeen ? row.lastSeen.toISOString() : null,
      openAlerts: { count: open?.count ?? 0, worst: worst.success ? worst.data : null },
      lastReading: reading ? { type: reading.type, takenAt: reading.takenAt.toISOString() } : null,
      adherence: adherenceOf(counts?.due ?? 0, counts?.completed ?? 0),
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
  const teamIds = await findCareTeamIds(deps.db, record.account.id);
  const [names, roles] = await Promise.all([findNames(deps.db, teamIds), findRoles(deps.db, teamIds)]);
  // Physicians first, then nurses, then assistants, each by name.
  const careTeam = teamIds
    .map((accountId) => {
      const held = roles.get(accountId) ?? [];
      return {
        accountId,
        fullName: names.get(accountId) ?? '',
        role: providerRoleOf(held) ?? roleNameOf(held[0] ?? ROLES.User),
      };
    })
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

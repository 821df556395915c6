import { z } from 'zod';
import { LIMITS } from '../constants';
import { codedSchema, measurementCodeSchema, specialtyCodeSchema } from '../lookups';
import { roleNameSchema } from '../roles';
import { dateSchema, paginationSchema, text } from '../rules';
import { visitNoteSchema } from './appointments';
import { rangeClassSchema } from './measurements';
import { patientProfileSchema, profileSchema, providerProfileSchema } from './profile';

/** Optional text of a search box: trimmed, and an empty box is no criterion at all. */
const criterion = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

/* ------------------------------------------------------------------------------------------------
 * Patients (spec §3 profile and patient fields, §7 /patients)
 * ---------------------------------------------------------------------------------------------- */

const personRefSchema = z.object({ accountId: z.uuid(), fullName: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/**
 * A patient in a list: the basic profile fields, MRN, the primary provider, and presence (online
 * now; else when last seen, null if never), which 'presence:changed' keeps current.
 */
export const patientListItemSchema = profileSchema.extend({
  accountId: z.uuid(),
  mrn: z.string(),
  primaryProvider: personRefSchema.nullable(),
  isOnline: z.boolean(),
  lastSeen: z.string().nullable(),
  /** Alerts not yet resolved (acknowledged ones included), and the range class of the worst of them. */
  openAlerts: z.object({ count: z.number().int(), worst: rangeClassSchema.nullable() }),
  /** The patient's latest reading: when it was taken and its measurement code; null before the first. */
  lastReading: z.object({ type: z.string(), takenAt: z.string() }).nullable(),
  /** Task adherence over the last PATIENT_LIST_ADHERENCE_DAYS days; `percent` null when nothing was due. */
  adherence: z.object({
    due: z.number().int(),
    completed: z.number().int(),
    percent: z.number().int().nullable(),
  }),
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

/** The period of the list's adherence column. */
export const PATIENT_LIST_ADHERENCE_DAYS = 7;

/** What the patient list sorts by (on the server, across pages). */
export const PATIENT_SORTS = ['name', 'openAlerts', 'lastReading', 'adherence'] as const;
export const patientSortSchema = z.enum(PATIENT_SORTS, 'Sort by name, openAlerts, lastReading or adherence.');
export type PatientSort = z.infer<typeof patientSortSchema>;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export const sortDirectionSchema = z.enum(SORT_DIRECTIONS, 'The sort direction is asc or desc.');
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/**
 * The direction a column sorts in when none is asked: the end a clinician wants first — names A to
 * Z, the most severe (then most numerous) open alerts, the most recent reading, the lowest adherence.
 */
export const PATIENT_SORT_DEFAULT_DIRECTION: Record<PatientSort, SortDirection> = {
  name: 'asc',
  openAlerts: 'desc',
  lastReading: 'desc',
  adherence: 'asc',
};

/** The sort a query asks for, defaults filled in (by name, A to Z). */
export function patientSortOf(query: { sort?: PatientSort | undefined; direction?: SortDirection | undefined }): {
  sort: PatientSort;
  direction: SortDirection;
} {
  const sort = query.sort ?? 'name';
  return { sort, direction: query.direction ?? PATIENT_SORT_DEFAULT_DIRECTION[sort] };
}

/**
 * `GET /patients` and `GET /patients/search`: `search` matches a name or an MRN (the one search box),
 * `name`, `mrn` and `dateOfBirth` narrow further; every criterion given must match. `sort` and
 * `direction` order the whole list before it is paged.
 */
export const patientSearchQuerySchema = paginationSchema.extend({
  search: criterion('Search', 100),
  name: criterion('Name', 100),
  mrn: criterion('MRN', 40),
  dateOfBirth: z
    .union([z.literal(''), dateSchema])
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** By name when not given; the direction defaults per column (PATIENT_SORT_DEFAULT_DIRECTION). */
  sort: patientSortSchema.optional(),
  direction: sortDirectionSchema.optional(),
});
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>;

/** A member of a patient's care team. */
export const careTeamMemberSchema = personRefSchema.extend({ role: roleNameSchema });
export type CareTeamMember = z.infer<typeof careTeamMemberSchema>;

/** One patient (`GET /patients/{id}`): the patient profile of spec §3 and the care team. */
export const patientDetailSchema = patientProfileSchema.extend({
  accountId: z.uuid(),
  careTeam: z.array(careTeamMemberSchema),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export const bloodTypeSchema = z.enum(BLOOD_TYPES, 'Choose a blood type.');

/** A care-profile list (history, medications, allergies): short entries, no blanks, no repeats. */
const careList = (label: string) =>
  z
    .array(text(label, 200), `${label} must be a list.`)
    .max(50, `${label} may hold at most 50 entries.`)
    .transform((entries) => [...new Set(entries)]);

/**
 * What a patient's physicians and nurses change on the patient's care profile (`PATCH
 * /patients/{id}`). Only the fields given change; `careTeam` replaces the whole team.
 */
export const updatePatientCareInputSchema = z.strictObject({
  primaryProviderId: z.uuid('Choose a provider.').nullable().optional(),
  careTeam: z
    .array(z.uuid('Choose a provider.'), 'The care team must be a list.')
    .max(20, 'A care team may have at most 20 members.')
    .transform((ids) => [...new Set(ids)])
    .optional(),
  medicalHistory: careList('Medical history').optional(),
  medications: careList('Medications').optional(),
  allergies: careList('Allergies').optional(),
  bloodType: bloodTypeSchema.nullable().optional(),
});
export type UpdatePatientCareInput = z.infer<typeof updatePatientCareInputSchema>;

/* ------------------------------------------------------------------------------------------------
 * Providers (spec §3 provider fields, §7 /providers)
 * ---------------------------------------------------------------------------------------------- */

/** The roles a provider works in (spec §1): physicians, nurses and assistants. */
export const PROVIDER_ROLES = ['Physician', 'Nurse', 'Assistant'] as const;
export const providerRoleSchema = z.enum(PROVIDER_ROLES);

/** A provider in a list: the basic profile fields, specialty, clinic and role. */
export const providerListItemSchema = profileSchema.extend({
  accountId: z.uuid(),
  role: providerRoleSchema,
  specialty: codedSchema.nullable(),
  clinicName: z.string().nullable(),
});
export type ProviderListItem = z.infer<typeof providerListItemSchema>;

/** `GET /providers` and `GET /providers/search`: by name, specialty code and role. */
export const providerSearchQuerySchema = paginationSchema.extend({
  name: criterion('Name', 100),
  specialty: z
    .union([z.literal(''), specialtyCodeSchema])
    .optional()
    .transform((value) => (value ? value : undefined)),
  role: z
    .union([z.literal(''), providerRoleSchema])
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type ProviderSearchQuery = z.infer<typeof providerSearchQuerySchema>;

/** One provider (`GET /providers/{id}`): the provider profile of spec §3 and their role. */
export const providerDetailSchema = providerProfileSchema.extend({
  accountId: z.uuid(),
  role: providerRoleSchema,
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

/* ------------------------------------------------------------------------------------------------
 * Patient snapshot (`/patients/:patientId`)
 * ---------------------------------------------------------------------------------------------- */

/** A reading's numeric values in their stored (canonical) units, e.g. bp {systolic, diastolic, pulse}. */
export const readingValuesSchema = z.record(z.string(), z.number());

export const readingSchema = z.object({
  id: z.uuid(),
  /** A measurement code (bp, bt, …); kept open so a new kind of reading never breaks a screen. */
  type: z.string(),
  values: readingValuesSchema,
  takenAt: z.string(),
  /** The class the patient's thresholds gave it when taken; null when it was not classified. */
  rangeClass: rangeClassSchema.nullable(),
  meal: z.enum(['before', 'after']).nullable(),
});
export type Reading = z.infer<typeof readingSchema>;

/** Task adherence: tasks due in the period and how many of them were done. */
export const adherenceSchema = z.object({
  due: z.number().int(),
  completed: z.number().int(),
  /** Whole per cent; null when nothing was due. */
  percent: z.number().int().nullable(),
});
export type Adherence = z.infer<typeof adherenceSchema>;

export const upcomingAppointmentSchema = z.object({
  id: z.uuid(),
  type: z.enum(['pv', 'tv']),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.string(),
  provider: personRefSchema.nullable(),
});

/** Gateways and devices arrive with a later feature; the snapshot already has their place. */
export const snapshotGatewaySchema = z.object({
  id: z.string(),
  displayName: z.string(),
  status: z.string(),
});

export const SNAPSHOT_ADHERENCE_DAYS = 30;

/** `GET /patients/{id}/snapshot`: everything the snapshot's first screen shows, in one answer. */
export const patientSnapshotSchema = z.object({
  patient: patientDetailSchema,
  /** The latest reading of each measurement type the patient has taken. */
  latestReadings: z.array(readingSchema),
  /** Over the last 30 days. */
  adherence: adherenceSchema.extend({ days: z.number().int() }),
  messages: z.object({
    threads: z.number().int(),
    /** Messages in the patient's threads the reader has not read (not counting their own). */
    unread: z.number().int(),
    lastMessageAt: z.string().nullable(),
  }),
  openAlerts: z.number().int(),
  upcomingAppointments: z.array(upcomingAppointmentSchema),
  gateways: z.array(snapshotGatewaySchema),
});
export type PatientSnapshot = z.infer<typeof patientSnapshotSchema>;

/** The longest period one chart reads. */
export const SERIES_MAX_DAYS = 366;
/** The most readings one chart gets; a longer period is cut to its latest readings. */
export const SERIES_MAX_POINTS = 2000;

const instantSchema = z.iso.datetime({ offset: true, error: 'Enter a date and time in ISO 8601 form.' });

/** `GET /patients/{id}/series?type=&from=&to=`: one measurement type over a period (default 30 days). */
export const seriesQuerySchema = z
  .strictObject({
    type: measurementCodeSchema,
    from: instantSchema.optional(),
    to: instantSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    path: ['from'],
    message: 'The start must be before the end.',
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) - Date.parse(q.from) <= SERIES_MAX_DAYS * 86_400_000, {
    path: ['from'],
    message: `A chart covers at most ${SERIES_MAX_DAYS} days.`,
  });
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/** The normal band of one value (in stored units), drawn behind its line. */
export const normalBandSchema = z.object({ low: z.number(), high: z.number() });

export const seriesSchema = z.object({
  type: z.string(),
  from: z.string(),
  to: z.string(),
  /** Oldest first. */
  points: z.array(readingSchema),
  /** True when the period had more readings than SERIES_MAX_POINTS (the latest are kept). */
  truncated: z.boolean(),
  /** Per value key (e.g. systolic): the patient's normal range, where one is known. */
  normalBands: z.record(z.string(), normalBandSchema),
});
export type Series = z.infer<typeof seriesSchema>;

/* ------------------------------------------------------------------------------------------------
 * Timeline
 * ---------------------------------------------------------------------------------------------- */

export const PATIENT_EVENT_KINDS = [
  'measurement',
  'alert',
  'taskCompleted',
  'message',
  'appointment',
  'visit',
  'gateway',
] as const;
export const patientEventKindSchema = z.enum(PATIENT_EVENT_KINDS);
export type PatientEventKind = z.infer<typeof patientEventKindSchema>;

/**
 * One event of a patient's timeline. `data` is the short display summary its writer stored; the
 * timeline reads these keys where present: measurement {type, values, rangeClass}, alert {type,
 * rangeClass}, taskCompleted {type}, message {subject}, appointment {type, status, startsAt},
 * visit {status}, gateway {displayName, status}.
 *
 * A completed visit's event carries `visit`, read from the visit when the page is read (so a note
 * signed or amended later shows as it is now): its summary for every reader of the timeline, its
 * note (with signature and addenda) for clinicians only.
 */
export const timelineEventSchema = z.object({
  id: z.string(),
  kind: patientEventKindSchema,
  refId: z.string().nullable(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
  visit: z.object({ summary: z.string().nullable(), note: visitNoteSchema.nullable() }).optional(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineQuerySchema = z.strictObject({
  /** The `nextCursor` of the previous page; none for the newest events. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

/** A page of the timeline, newest first; `nextCursor` is null on the last page. */
export const timelinePageSchema = z.object({
  items: z.array(timelineEventSchema),
  nextCursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;

/** A patient who signed up themselves and waits for the organisation's staff to approve them (issue 19). */
export const awaitingPatientSchema = z.object({
  accountId: z.uuid(),
  fullName: z.string(),
  dateOfBirth: z.string().nullable(),
  email: z.string().nullable(),
  signedUpAt: z.string(),
});
export type AwaitingPatient = z.infer<typeof awaitingPatientSchema>;
export const signupDecisionSchema = z.object({ accountId: z.uuid(), status: z.enum(['active', 'inactive']) });

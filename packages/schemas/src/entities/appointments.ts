import { z } from 'zod';
import { appointmentTypeSchema, codedSchema } from '../lookups';
import { dateSchema, optionalText, paginationSchema, REQUIRED, requiredOr, text, uuidSchema } from '../rules';
import { visitStatusCodeSchema } from '../statuses';

/**
 * Appointments and visits (spec §4): a patient books a provider for a postoperative (pv) or
 * telemedicine (tv) appointment in a free slot; each appointment has one visit, joined by its visit
 * code and completed by a physician or nurse with a summary and notes.
 */

/**
 * Appointment statuses, from the status vocabulary of spec §4, except that a visit done is
 * "completed" (the appointments table's word) where the vocabulary says "complete".
 */
export const APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'rescheduled',
  'cancelled',
  'completed',
  'noShow',
] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The statuses of an appointment still to come: it may be confirmed, rescheduled or cancelled. */
export const OPEN_APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'rescheduled',
] as const satisfies readonly AppointmentStatus[];

/** Cancellation reasons of spec §4. */
export const CANCEL_REASONS = {
  illnessOrEmergency: 'Patient illness or emergency',
  schedulingConflict: 'Scheduling conflict',
  technicalIssues: 'Technical issues',
  differentProvider: 'Found a different provider',
  noLongerNeeded: 'No longer needed',
  rescheduled: 'Rescheduled',
  other: 'Other',
} as const;
export type CancelReason = keyof typeof CANCEL_REASONS;
export const cancelReasonSchema = z.enum(Object.keys(CANCEL_REASONS) as [CancelReason, ...CancelReason[]], {
  error: requiredOr('Choose a reason from the list.'),
});

/** Our limits where the spec gives none. */
export const APPOINTMENT_LIMITS = {
  reasonMax: 500,
  cancelNoteMax: 500,
  summaryMax: 2000,
  notesMax: 10_000,
  /** How far ahead an appointment may be booked. */
  bookingHorizonDays: 365,
  /** How far back a walk-in visit may be recorded. */
  walkInPastDays: 30,
  /** The widest range of GET /appointments/dates: a year of calendar. */
  datesRangeDays: 366,
} as const;

const instantSchema = z.iso.datetime({ offset: true, error: 'Enter a date and time with its time zone.' });

const personSchema = z.object({ id: z.uuid(), fullName: z.string() });

/** The visit of an appointment, as its appointment shows it. */
export const appointmentVisitSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  status: visitStatusCodeSchema,
  completedAt: z.string().nullable(),
  /** Written for the patient: everyone who may see the appointment reads it. */
  summary: z.string().nullable(),
});

export const appointmentSchema = z.object({
  id: z.uuid(),
  type: codedSchema.extend({ code: appointmentTypeSchema }),
  status: appointmentStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string().nullable(),
  patient: personSchema,
  provider: personSchema,
  cancelReason: codedSchema.extend({ code: cancelReasonSchema }).nullable(),
  cancelNote: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  visit: appointmentVisitSchema.nullable(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** A provider a patient can book: a physician or nurse of their organisation. */
export const bookableProviderSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  role: z.enum(['physician', 'nurse']),
  specialty: codedSchema.nullable(),
});
export type BookableProvider = z.infer<typeof bookableProviderSchema>;

/** Bookable slots of one day; with a provider, only that provider's free slots still to come. */
export const slotsQuerySchema = z.strictObject({
  date: z.iso.date('Enter a date as YYYY-MM-DD.'),
  providerId: uuidSchema.optional(),
});
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

/** Booking: a patient books for themself (no patientId); a clinician names the patient. */
export const bookAppointmentInputSchema = z.strictObject({
  providerId: uuidSchema,
  patientId: uuidSchema.optional(),
  type: appointmentTypeSchema,
  startsAt: instantSchema,
  reason: optionalText('Reason', APPOINTMENT_LIMITS.reasonMax),
});
export type BookAppointmentInput = z.infer<typeof bookAppointmentInputSchema>;

/** Rescheduling moves an appointment to another free slot of the same provider. */
export const rescheduleAppointmentInputSchema = z.strictObject({ startsAt: instantSchema });
export type RescheduleAppointmentInput = z.infer<typeof rescheduleAppointmentInputSchema>;

/** Cancelling gives one of the spec's reasons; "other" needs a note. */
export const cancelAppointmentInputSchema = z
  .strictObject({
    reason: cancelReasonSchema,
    note: optionalText('Note', APPOINTMENT_LIMITS.cancelNoteMax),
  })
  .refine((c) => c.reason !== 'other' || (c.note ?? '').length > 0, { path: ['note'], message: REQUIRED });
export type CancelAppointmentInput = z.infer<typeof cancelAppointmentInputSchema>;

/** Several statuses as one query parameter: `status=scheduled,confirmed`. */
const statusListSchema = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(appointmentStatusSchema).min(1).max(APPOINTMENT_STATUSES.length));

export const appointmentListQuerySchema = paginationSchema.extend({
  patientId: uuidSchema.optional(),
  providerId: uuidSchema.optional(),
  /** Appointments starting at or after this instant… */
  from: instantSchema.optional(),
  /** …and before this one. */
  to: instantSchema.optional(),
  status: statusListSchema.optional(),
  /** upcoming: not yet ended, soonest first; past: ended, latest first. Else by start time. */
  when: z.enum(['upcoming', 'past']).optional(),
});
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>;

/** Calendar days with appointments (not cancelled), from and to inclusive. */
export const appointmentDatesQuerySchema = z
  .strictObject({
    from: dateSchema,
    to: dateSchema,
    patientId: uuidSchema.optional(),
    providerId: uuidSchema.optional(),
  })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'The end date must not be before the start date.' })
  .refine(
    (q) => Date.parse(q.to) - Date.parse(q.from) < APPOINTMENT_LIMITS.datesRangeDays * 24 * 60 * 60 * 1000,
    { path: ['to'], message: `Ask for at most ${APPOINTMENT_LIMITS.datesRangeDays} days at a time.` },
  );
export type AppointmentDatesQuery = z.infer<typeof appointmentDatesQuerySchema>;
export const appointmentDatesSchema = z.array(z.iso.date());

/** A line added to a signed note: the note stays as signed. */
export const visitNoteAddendumSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  author: personSchema,
  at: z.string(),
});
export type VisitNoteAddendum = z.infer<typeof visitNoteAddendumSchema>;

/**
 * The clinicians' note of a visit: its text, who signed it (which locks it) and the addenda written
 * after. Never sent to the patient.
 */
export const visitNoteSchema = z.object({
  text: z.string(),
  signedAt: z.string().nullable(),
  signedBy: personSchema.nullable(),
  addenda: z.array(visitNoteAddendumSchema),
});
export type VisitNote = z.infer<typeof visitNoteSchema>;

/**
 * A visit: the summary is the patient's to read; the notes (and `note`, with its signature and
 * addenda) are the clinicians' (null for patients).
 */
export const visitSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  status: visitStatusCodeSchema,
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  summary: z.string().nullable(),
  notes: z.string().nullable(),
  note: visitNoteSchema.nullable(),
  completedAt: z.string().nullable(),
  completedBy: personSchema.nullable(),
  appointment: appointmentSchema.omit({ visit: true }),
});
export type Visit = z.infer<typeof visitSchema>;

export const visitListQuerySchema = paginationSchema.extend({
  patientId: uuidSchema.optional(),
  providerId: uuidSchema.optional(),
  status: visitStatusCodeSchema.optional(),
});
export type VisitListQuery = z.infer<typeof visitListQuerySchema>;

export const incompleteVisitsQuerySchema = paginationSchema.extend({ providerId: uuidSchema.optional() });
export type IncompleteVisitsQuery = z.infer<typeof incompleteVisitsQuerySchema>;

/** A visit that took place without a booking (a walk-in), recorded afterwards by a clinician. */
export const recordVisitInputSchema = z.strictObject({
  patientId: uuidSchema,
  /** The physician or nurse who saw the patient; the caller when not given. */
  providerId: uuidSchema.optional(),
  type: appointmentTypeSchema,
  startsAt: instantSchema,
  /** The slot step when not given. */
  durationMinutes: z.number().int().min(5).max(240).optional(),
  reason: optionalText('Reason', APPOINTMENT_LIMITS.reasonMax),
});
export type RecordVisitInput = z.infer<typeof recordVisitInputSchema>;

export const completeVisitInputSchema = z.strictObject({
  summary: text('Summary', APPOINTMENT_LIMITS.summaryMax),
  notes: text('Notes', APPOINTMENT_LIMITS.notesMax),
});
export type CompleteVisitInput = z.infer<typeof completeVisitInputSchema>;

/** A change to a note not yet signed (a signed note is refused: add an addendum). */
export const editVisitNotesInputSchema = z.strictObject({
  notes: text('Notes', APPOINTMENT_LIMITS.notesMax),
});
export type EditVisitNotesInput = z.infer<typeof editVisitNotesInputSchema>;

export const visitNoteAddendumInputSchema = z.strictObject({
  text: text('Addendum', APPOINTMENT_LIMITS.notesMax),
});
export type VisitNoteAddendumInput = z.infer<typeof visitNoteAddendumInputSchema>;

export const visitCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{4,32}$/, 'Enter a valid visit code.');

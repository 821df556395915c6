import type { Visit, VisitNote } from '@opencare/schemas/entities/appointments';
import type { AppointmentStatus } from '@opencare/schemas/entities/appointments';
import {
  DEFAULT_VISIT_STATUS,
  visitStatusCodeSchema,
  type VisitStatusCode,
} from '@opencare/schemas/statuses';
import { fullNameOf } from '../accounts/account.dto';
import { toAppointmentDto } from '../appointments/appointment.dto';
import type { NoteAddendumRow, VisitRow } from './visits.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A visit's status code (docs/visits.md): p pending → w waiting (the patient checked in) → ip in
 * progress (a clinician started it) → ic ended, incomplete → c complete (summary and notes). The
 * appointment's fate overrides what is stored: cancelled is can, missed is ns, completed is c.
 */
export function visitStatusOf(
  stored: string,
  appointmentStatus: AppointmentStatus,
  completedAt: Date | null,
): VisitStatusCode {
  if (completedAt || appointmentStatus === 'completed') return 'c';
  if (appointmentStatus === 'cancelled') return 'can';
  if (appointmentStatus === 'noShow') return 'ns';
  return visitStatusCodeSchema.catch(DEFAULT_VISIT_STATUS).parse(stored);
}

/** The note of a completed visit with its signature and addenda (for clinicians only). */
export function toVisitNoteDto(row: VisitRow, addenda: readonly NoteAddendumRow[]): VisitNote | null {
  if (row.details.notes === null) return null;
  return {
    text: row.details.notes,
    signedAt: iso(row.details.notesSignedAt),
    signedBy: row.signedBy?.accountId ? { id: row.signedBy.accountId, fullName: fullNameOf(row.signedBy) } : null,
    addenda: addenda
      .filter((a) => a.visitId === row.visit.id)
      .map((a) => ({ id: a.id, text: a.text, author: { id: a.author.accountId, fullName: fullNameOf(a.author) }, at: a.createdAt.toISOString() })),
  };
}

/**
 * The wire shape of a visit. The summary is written for the patient to read; the notes are the
 * clinicians' own record, so only clinicians receive them: `addenda` is null for anyone else, and
 * then neither the notes nor the note (signature, addenda) are sent.
 */
export function toVisitDto(row: VisitRow, addenda: readonly NoteAddendumRow[] | null): Visit {
  const withNotes = addenda !== null;
  const { visit: _visit, ...appointment } = toAppointmentDto(row);
  return {
    id: row.visit.id,
    code: row.visit.code,
    status: visitStatusOf(row.visit.status, row.appointment.status, row.visit.completedAt),
    startedAt: iso(row.details.startedAt),
    endedAt: iso(row.details.endedAt),
    summary: row.details.summary,
    notes: withNotes ? row.details.notes : null,
    note: withNotes ? toVisitNoteDto(row, addenda) : null,
    completedAt: iso(row.visit.completedAt),
    completedBy: row.completedBy?.accountId
      ? { id: row.completedBy.accountId, fullName: fullNameOf(row.completedBy) }
      : null,
    appointment,
  };
}

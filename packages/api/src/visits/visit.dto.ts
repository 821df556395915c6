import type { Visit } from '@opencare/schemas/entities/appointments';
import type { AppointmentStatus } from '@opencare/schemas/entities/appointments';
import {
  DEFAULT_VISIT_STATUS,
  visitStatusCodeSchema,
  type VisitStatusCode,
} from '@opencare/schemas/statuses';
import { fullNameOf } from '../accounts/account.dto';
import { toAppointmentDto } from '../appointments/appointment.dto';
import type { VisitRow } from './visits.repository';

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

/**
 * The wire shape of a visit. The summary is written for the patient to read; the notes are the
 * clinicians' own record, so only clinicians receive them.
 */
export function toVisitDto(row: VisitRow, withNotes: boolean): Visit {
  const { visit: _visit, ...appointment } = toAppointmentDto(row);
  return {
    id: row.visit.id,
    code: row.visit.code,
    status: visitStatusOf(row.visit.status, row.appointment.status, row.visit.completedAt),
    startedAt: iso(row.details.startedAt),
    endedAt: iso(row.details.endedAt),
    summary: row.details.summary,
    notes: withNotes ? row.details.notes : null,
    completedAt: iso(row.visit.completedAt),
    completedBy: row.completedBy?.accountId
      ? { id: row.completedBy.accountId, fullName: fullNameOf(row.completedBy) }
      : null,
    appointment,
  };
}

import type { Visit } from '@opencare/schemas/entities/appointments';
import { DEFAULT_VISIT_STATUS, visitStatusCodeSchema } from '@opencare/schemas/statuses';
import { fullNameOf } from '../accounts/account.dto';
import { toAppointmentDto } from '../appointments/appointment.dto';
import type { VisitRow } from './visits.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The wire shape of a visit. The summary is written for the patient to read; the notes are the
 * clinicians' own record, so only clinicians receive them.
 */
export function toVisitDto(row: VisitRow, withNotes: boolean): Visit {
  const { visit: _visit, ...appointment } = toAppointmentDto(row);
  return {
    id: row.visit.id,
    code: row.visit.code,
    status: visitStatusCodeSchema.catch(DEFAULT_VISIT_STATUS).parse(row.visit.status),
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

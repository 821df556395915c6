import {
  CANCEL_REASONS,
  cancelReasonSchema,
  type Appointment,
} from '@opencare/schemas/entities/appointments';
import { APPOINTMENT_TYPES } from '@opencare/schemas/lookups';
import { DEFAULT_VISIT_STATUS, visitStatusCodeSchema } from '@opencare/schemas/statuses';
import { fullNameOf } from '../accounts/account.dto';
import type { AppointmentRow } from './appointments.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire shape of an appointment, mapped field by field from its row. */
export function toAppointmentDto(row: AppointmentRow): Appointment {
  const a = row.appointment;
  const cancelReason = cancelReasonSchema.safeParse(a.cancelReason);
  return {
    id: a.id,
    type: { code: a.type, description: APPOINTMENT_TYPES[a.type] },
    status: a.status,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    reason: a.reason,
    patient: { id: a.patientAccountId, fullName: fullNameOf(row.patient) },
    provider: { id: a.providerAccountId, fullName: fullNameOf(row.provider) },
    cancelReason: cancelReason.success
      ? { code: cancelReason.data, description: CANCEL_REASONS[cancelReason.data] }
      : null,
    cancelNote: a.cancelNote,
    confirmedAt: iso(a.confirmedAt),
    visit: row.visit
      ? {
          id: row.visit.id,
          code: row.visit.code,
          status: visitStatusCodeSchema.catch(DEFAULT_VISIT_STATUS).parse(row.visit.status),
          completedAt: iso(row.visit.completedAt),
          summary: row.visit.summary,
        }
      : null,
    createdAt: a.createdAt.toISOString(),
  };
}

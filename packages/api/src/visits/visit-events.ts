import type { RecordPatientEvent } from '../timeline/patient-events';
import type { VisitRow } from './visits.repository';

/** What happened to a visit, as its event on the patient's timeline says. */
export type VisitEventAction = 'started' | 'ended' | 'completed' | 'noteSigned' | 'addendumAdded';
/** The events of a note's signature and addenda: the care team's business, like the note itself. */
export const NOTE_EVENT_ACTIONS: ReadonlySet<unknown> = new Set<VisitEventAction>(['noteSigned', 'addendumAdded']);

/**
 * A visit event on the patient's timeline, so screens watching the patient see it at once. It names
 * the visit and its appointment only: the summary and the note stay on the visit, for whoever may
 * read them (the timeline reads them from there).
 */
export function recordVisitEvent(record: RecordPatientEvent, row: VisitRow, action: VisitEventAction, at: Date) {
  return record({
    organisationId: row.appointment.organisationId,
    patientAccountId: row.appointment.patientAccountId,
    kind: 'visit',
    refId: row.visit.id,
    at,
    data: {
      action,
      type: row.appointment.type,
      appointmentId: row.appointment.id,
      startsAt: row.appointment.startsAt.toISOString(),
    },
  });
}

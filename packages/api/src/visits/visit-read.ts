import type { Visit } from '@opencare/schemas/entities/appointments';
import { hasRouteRole } from '../access/access';
import type { Actor } from '../access/actor';
import type { Executor } from '../db/database';
import { toVisitDto } from './visit.dto';
import { listNoteAddenda, type VisitRow } from './visits.repository';

/**
 * Whether the caller reads a visit's notes: clinicians only. The summary is the patient's; the notes,
 * their signature and addenda are the care team's record and never reach a patient.
 */
export const readsNotes = (actor: Actor) => hasRouteRole(actor, 'clinician');

/** Visits as the caller may see them: with their notes (and addenda) for clinicians only. */
export async function visitsAsSeenBy(db: Executor, actor: Actor, rows: readonly VisitRow[]): Promise<Visit[]> {
  if (!readsNotes(actor)) return rows.map((row) => toVisitDto(row, null));
  const addenda = await listNoteAddenda(db, rows.map((row) => row.visit.id));
  return rows.map((row) => toVisitDto(row, addenda));
}

export async function visitAsSeenBy(db: Executor, actor: Actor, row: VisitRow): Promise<Visit> {
  const [visit] = await visitsAsSeenBy(db, actor, [row]);
  if (!visit) throw new Error('a visit mapped to nothing');
  return visit;
}

import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { fromParts } from './operation';

/** `{ id }`: a record named by its UUID (the REST path's `:id`, the procedure's `id`). */
export const byIdSchema = z.strictObject({ id: uuidSchema });

/**
 * `{ id, changes }`: the procedure's input of an update, and its REST mapping (`PATCH /things/:id`
 * with the changes as the body, whose field issues name the body's own fields).
 */
export function changesById<C extends z.ZodType>(changes: C) {
  const body = changes as z.ZodType<z.output<C>>;
  return {
    input: byIdSchema.extend({ changes }),
    rest: fromParts({ params: byIdSchema, body, map: (parts) => ({ id: parts.params.id, changes: parts.body }) }),
  };
}

/** `{ patientId }`: the patient a list belongs to (the REST path's `:id`). */
export const byPatientSchema = z.strictObject({ patientId: uuidSchema });

/** REST `/patients/:id/...` as `{ patientId }`. */
export const patientOfPath = fromParts({ params: byIdSchema, map: ({ params }) => ({ patientId: params.id }) });

/** REST `/x/:id/...` with a JSON body: `{ id, ...body }`, each part read by its own schema. */
export const idAndBody = <B extends object>(body: z.ZodType<B>) =>
  fromParts({ params: byIdSchema, body, map: ({ params, body: values }) => ({ id: params.id, ...values }) });

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

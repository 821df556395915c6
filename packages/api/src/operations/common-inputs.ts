import { uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';

/** `{ id }`: a record named by its UUID (the REST path's `:id`, the procedure's `id`). */
export const byIdSchema = z.strictObject({ id: uuidSchema });

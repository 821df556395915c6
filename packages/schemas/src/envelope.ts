import { z } from 'zod';
import type { FieldIssue } from './errors';

/** List meta of spec §3. */
export const listMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listMeta(total: number, page: number, pageSize: number): ListMeta {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return { total, page, pageSize, totalPages, hasNextPage: page < totalPages, hasPreviousPage: page > 1 };
}

/** The REST envelope of design.md: every response has success and message, often key. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  key?: string;
  data?: T;
  meta?: ListMeta;
  errors?: FieldIssue[];
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    key: z.string().optional(),
    data,
    meta: listMetaSchema.optional(),
  });
}

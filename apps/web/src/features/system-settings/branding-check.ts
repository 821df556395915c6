import { z } from 'zod';
import type { Branding } from './use-branding';

const brandingSchema = z.object({ organizationName: z.string(), logo: z.string().nullable() });

/** The check of a remembered branding: a chunk of its own, loaded only when one is remembered (use-branding.ts). */
export function checkBranding(raw: unknown): Branding | null {
  return brandingSchema.safeParse(raw).data ?? null;
}

import { z } from 'zod';

/**
 * FHIR subscriptions as the organisation's admin sees them (issue 21, the integrations screen):
 * which integration made each, where it sends, whether deliveries work and why not.
 */
export const fhirSubscriptionSummarySchema = z.object({
  id: z.uuid(),
  criteria: z.string(),
  endpoint: z.string(),
  status: z.enum(['active', 'error', 'off']),
  error: z.string().nullable(),
  /** Failed deliveries since the last one that worked. */
  failedAttempts: z.number().int(),
  ownerType: z.enum(['apiKey', 'smartClient']),
  ownerName: z.string(),
  lastDeliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FhirSubscriptionSummary = z.infer<typeof fhirSubscriptionSummarySchema>;

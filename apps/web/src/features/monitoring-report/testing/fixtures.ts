import type { BillingCode } from '@opencare/schemas/entities/monitoring-report';

/** A billing code as the server sends it: 99454 unless told otherwise. */
export const billingCode = (overrides: Partial<BillingCode>): BillingCode => ({
  id: crypto.randomUUID(),
  code: '99454',
  kind: 'deviceDays',
  description: 'Device supply with readings on 16–30 days of 30',
  minDays: 16,
  maxDays: 30,
  minMinutes: null,
  maxMinutes: null,
  stepMinutes: null,
  interactiveRequired: false,
  effectiveFrom: null,
  effectiveTo: null,
  ...overrides,
});

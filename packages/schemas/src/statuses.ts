import { z } from 'zod';

/** The status vocabulary of spec §4. */
export const STATUSES = [
  'pending',
  'active',
  'inactive',
  'complete',
  'incomplete',
  'approved',
  'expired',
  'waiting',
  'inProgress',
  'valid',
  'invalid',
  'started',
  'requested',
  'confirmed',
  'scheduled',
  'rescheduled',
  'cancelled',
  'noShow',
  'accepted',
  'revoked',
  'notStarted',
  'unknown',
] as const;
export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;

/** Short codes of spec §4 and the status each stands for. */
export const SHORT_CODES = {
  IV: 'invalid',
  CAN: 'cancelled',
  C: 'complete',
  P: 'pending',
  NS: 'noShow',
  W: 'waiting',
  E: 'expired',
  IP: 'inProgress',
  NST: 'notStarted',
  V: 'valid',
} as const satisfies Record<string, Status>;
export type ShortCode = keyof typeof SHORT_CODES;

/**
 * Visit status codes of spec §4; p is the default. The spec gives no meanings beyond the short codes,
 * so the ones below are read from those short codes (ic incomplete, st started, co confirmed, sch scheduled).
 */
export const VISIT_STATUS_CODES = {
  p: 'pending',
  c: 'complete',
  ic: 'incomplete',
  e: 'expired',
  w: 'waiting',
  ip: 'inProgress',
  st: 'started',
  co: 'confirmed',
  sch: 'scheduled',
  can: 'cancelled',
  ns: 'noShow',
  nst: 'notStarted',
} as const satisfies Record<string, Status>;
export const visitStatusCodeSchema = z.enum(Object.keys(VISIT_STATUS_CODES) as [keyof typeof VISIT_STATUS_CODES]);
export type VisitStatusCode = z.infer<typeof visitStatusCodeSchema>;
export const DEFAULT_VISIT_STATUS: VisitStatusCode = 'p';

/** Statuses an account may hold. */
export const ACCOUNT_STATUSES = ['active', 'inactive', 'pending'] as const satisfies readonly Status[];
export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** Statuses an invitation may hold. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const satisfies readonly Status[];
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);

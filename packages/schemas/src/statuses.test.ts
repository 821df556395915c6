import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_STATUSES,
  DEFAULT_VISIT_STATUS,
  INVITATION_STATUSES,
  SHORT_CODES,
  STATUSES,
  VISIT_STATUS_CODES,
  accountStatusSchema,
  invitationStatusSchema,
  statusSchema,
  visitStatusCodeSchema,
} from './statuses';

describe('status vocabulary (spec §4)', () => {
  it('holds exactly the 22 statuses of the spec', () => {
    expect([...STATUSES].sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it('statusSchema accepts each status and nothing else', () => {
    for (const status of STATUSES) expect(statusSchema.parse(status)).toBe(status);
    expect(statusSchema.safeParse('in_progress').success).toBe(false);
    expect(statusSchema.safeParse('Pending').success).toBe(false);
  });
});

describe('short codes (spec §4)', () => {
  it('maps each short code to its status', () => {
    expect(SHORT_CODES).toEqual({
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
    });
  });

  it('maps only to statuses of the vocabulary', () => {
    for (const status of Object.values(SHORT_CODES)) expect(STATUSES).toContain(status);
  });
});

describe('visit status codes (spec §4)', () => {
  it('has p as the default and exactly the codes of the spec', () => {
    expect(DEFAULT_VISIT_STATUS).toBe('p');
    expect(Object.keys(VISIT_STATUS_CODES).sort()).toEqual(
      ['p', 'c', 'ic', 'e', 'w', 'ip', 'st', 'co', 'sch', 'can', 'ns', 'nst'].sort(),
    );
  });

  it('agrees with the short codes where both exist', () => {
    expect(VISIT_STATUS_CODES.p).toBe(SHORT_CODES.P);
    expect(VISIT_STATUS_CODES.c).toBe(SHORT_CODES.C);
    expect(VISIT_STATUS_CODES.e).toBe(SHORT_CODES.E);
    expect(VISIT_STATUS_CODES.w).toBe(SHORT_CODES.W);
    expect(VISIT_STATUS_CODES.ip).toBe(SHORT_CODES.IP);
    expect(VISIT_STATUS_CODES.can).toBe(SHORT_CODES.CAN);
    expect(VISIT_STATUS_CODES.ns).toBe(SHORT_CODES.NS);
    expect(VISIT_STATUS_CODES.nst).toBe(SHORT_CODES.NST);
  });

  it('maps only to statuses of the vocabulary', () => {
    for (const status of Object.values(VISIT_STATUS_CODES)) expect(STATUSES).toContain(status);
  });

  it('visitStatusCodeSchema accepts the codes, case-sensitively', () => {
    for (const code of Object.keys(VISIT_STATUS_CODES)) expect(visitStatusCodeSchema.parse(code)).toBe(code);
    expect(visitStatusCodeSchema.safeParse('P').success).toBe(false);
    expect(visitStatusCodeSchema.safeParse('x').success).toBe(false);
  });
});

describe('account and invitation statuses', () => {
  it('are drawn from the vocabulary', () => {
    for (const status of [...ACCOUNT_STATUSES, ...INVITATION_STATUSES]) expect(STATUSES).toContain(status);
  });

  it('accept their own statuses only', () => {
    expect(ACCOUNT_STATUSES).toEqual(['active', 'inactive', 'pending']);
    expect(INVITATION_STATUSES).toEqual(['pending', 'accepted', 'expired', 'revoked']);
    expect(accountStatusSchema.safeParse('revoked').success).toBe(false);
    expect(invitationStatusSchema.safeParse('active').success).toBe(false);
    expect(invitationStatusSchema.parse('revoked')).toBe('revoked');
  });
});

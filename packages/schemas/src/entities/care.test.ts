import { describe, expect, it } from 'vitest';
import { issues } from '../testing/issues';
import { REQUIRED } from '../rules';
import {
  SCHEDULE_FREQUENCIES,
  WEEKDAYS,
  createInvitationInputSchema,
  invitationSchema,
  measurementScheduleSchema,
} from './care';


describe('createInvitationInputSchema', () => {
  const valid = { email: 'Nurse@Clinic.org', role: 'Nurse', accountType: 'prov' };

  it('accepts an invitation, lower-cases the e-mail and expires in 7 days by default', () => {
    expect(createInvitationInputSchema.parse(valid)).toEqual({
      email: 'nurse@clinic.org',
      role: 'Nurse',
      accountType: 'prov',
      expiresInDays: 7,
    });
  });

  it('never invites a Super user', () => {
    expect(createInvitationInputSchema.safeParse({ ...valid, role: 'Super' }).success).toBe(false);
    for (const role of ['User', 'Admin', 'Physician', 'Nurse', 'Assistant', 'Patient']) {
      expect(createInvitationInputSchema.safeParse({ ...valid, role }).success).toBe(true);
    }
  });

  it('expires in 1 to 30 whole days', () => {
    expect(createInvitationInputSchema.safeParse({ ...valid, expiresInDays: 1 }).success).toBe(true);
    expect(createInvitationInputSchema.safeParse({ ...valid, expiresInDays: 30 }).success).toBe(true);
    expect(createInvitationInputSchema.safeParse({ ...valid, expiresInDays: 0 }).success).toBe(false);
    expect(createInvitationInputSchema.safeParse({ ...valid, expiresInDays: 31 }).success).toBe(false);
    expect(createInvitationInputSchema.safeParse({ ...valid, expiresInDays: 1.5 }).success).toBe(false);
  });

  it('requires a valid e-mail and an account type', () => {
    expect(issues(createInvitationInputSchema, { ...valid, email: 'nurse' })).toEqual([
      ['email', 'Enter a valid e-mail address.'],
    ]);
    expect(issues(createInvitationInputSchema, { ...valid, email: undefined })).toEqual([
      ['email', REQUIRED],
    ]);
    expect(createInvitationInputSchema.safeParse({ email: 'a@b.co', role: 'Nurse' }).success).toBe(false);
    expect(createInvitationInputSchema.safeParse({ ...valid, accountType: 'staff' }).success).toBe(false);
  });

  it('refuses unknown fields (strict)', () => {
    expect(createInvitationInputSchema.safeParse({ ...valid, status: 'accepted' }).success).toBe(false);
  });
});

describe('invitationSchema', () => {
  it('carries created at, expires at and status', () => {
    const invitation = {
      id: '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f',
      email: 'nurse@clinic.org',
      role: 'Nurse',
      accountType: 'prov',
      createdAt: '2025-01-01T00:00:00.000Z',
      expiresAt: '2025-01-08T00:00:00.000Z',
      status: 'pending',
    };
    expect(invitationSchema.parse(invitation)).toEqual(invitation);
    expect(invitationSchema.safeParse({ ...invitation, status: 'revoked' }).success).toBe(true);
    expect(invitationSchema.safeParse({ ...invitation, status: 'active' }).success).toBe(false);
  });
});

describe('measurementScheduleSchema', () => {
  it('offers the frequencies of spec §3', () => {
    expect(SCHEDULE_FREQUENCIES).toEqual(['daily', 'weekly', 'biweekly', 'monthly', 'specificDays']);
    expect(WEEKDAYS).toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  });

  it('fills the defaults: no days, 09:00, no e-mail', () => {
    expect(measurementScheduleSchema.parse({ startDate: '2025-03-01', frequency: 'daily' })).toEqual({
      startDate: '2025-03-01',
      frequency: 'daily',
      days: [],
      times: ['09:00'],
      notifyByEmail: false,
    });
  });

  it.each(['daily', 'weekly', 'biweekly', 'monthly'])('accepts %s without days', (frequency) => {
    expect(measurementScheduleSchema.safeParse({ startDate: '2025-03-01', frequency }).success).toBe(true);
  });

  it('needs at least one day for specific days', () => {
    expect(issues(measurementScheduleSchema, { startDate: '2025-03-01', frequency: 'specificDays' })).toEqual(
      [['days', 'Choose at least one day.']],
    );
    expect(
      issues(measurementScheduleSchema, { startDate: '2025-03-01', frequency: 'specificDays', days: [] }),
    ).toEqual([['days', 'Choose at least one day.']]);
    expect(
      measurementScheduleSchema.safeParse({
        startDate: '2025-03-01',
        frequency: 'specificDays',
        days: ['mon'],
      }).success,
    ).toBe(true);
    expect(
      measurementScheduleSchema.safeParse({
        startDate: '2025-03-01',
        frequency: 'specificDays',
        days: [...WEEKDAYS],
      }).success,
    ).toBe(true);
  });

  it('refuses an unknown weekday or more than 7 days', () => {
    const base = { startDate: '2025-03-01', frequency: 'specificDays' };
    expect(measurementScheduleSchema.safeParse({ ...base, days: ['monday'] }).success).toBe(false);
    expect(measurementScheduleSchema.safeParse({ ...base, days: [...WEEKDAYS, 'mon'] }).success).toBe(false);
  });

  it('needs a real start date', () => {
    expect(issues(measurementScheduleSchema, { startDate: '2025-02-30', frequency: 'daily' })).toEqual([
      ['startDate', 'Enter a date that exists.'],
    ]);
    expect(issues(measurementScheduleSchema, { frequency: 'daily' })).toEqual([['startDate', REQUIRED]]);
  });

  it('takes times as HH:mm from 00:00 to 23:59, 1 to 12 of them', () => {
    const base = { startDate: '2025-03-01', frequency: 'daily' };
    expect(measurementScheduleSchema.safeParse({ ...base, times: ['00:00', '23:59'] }).success).toBe(true);
    for (const time of ['24:00', '9:00', '09:60', '9am', '09:00:00']) {
      expect(issues(measurementScheduleSchema, { ...base, times: [time] })).toEqual([
        ['times.0', 'Enter a time as HH:mm.'],
      ]);
    }
    expect(measurementScheduleSchema.safeParse({ ...base, times: [] }).success).toBe(false);
    expect(measurementScheduleSchema.safeParse({ ...base, times: Array(12).fill('08:00') }).success).toBe(
      true,
    );
    expect(measurementScheduleSchema.safeParse({ ...base, times: Array(13).fill('08:00') }).success).toBe(
      false,
    );
  });

  it('records before or after a meal (blood sugar) and e-mail notification', () => {
    const parsed = measurementScheduleSchema.parse({
      startDate: '2025-03-01',
      frequency: 'weekly',
      meal: 'before',
      notifyByEmail: true,
    });
    expect(parsed).toMatchObject({ meal: 'before', notifyByEmail: true });
    expect(
      measurementScheduleSchema.safeParse({ startDate: '2025-03-01', frequency: 'daily', meal: 'during' })
        .success,
    ).toBe(false);
  });

  it('refuses an unknown frequency and unknown fields', () => {
    expect(
      measurementScheduleSchema.safeParse({ startDate: '2025-03-01', frequency: 'hourly' }).success,
    ).toBe(false);
    expect(
      measurementScheduleSchema.safeParse({
        startDate: '2025-03-01',
        frequency: 'daily',
        endDate: '2025-04-01',
      }).success,
    ).toBe(false);
  });
});

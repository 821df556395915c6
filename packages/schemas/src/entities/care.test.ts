import { describe, expect, it } from 'vitest';
import { issues } from '../testing/issues';
import { REQUIRED } from '../rules';
import {
  SCHEDULE_FREQUENCIES,
  WEEKDAYS,
  createInvitationInputSchema,
  createTaskInputSchema,
  dailyTasksQuerySchema,
  invitationSchema,
  measurementScheduleSchema,
  taskRangeQuerySchema,
  updateScheduleInputSchema,
  updateTaskInputSchema,
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
    for (const role of ['User', 'Admin', 'Physician', 'Nurse', 'Assistant']) {
      expect(createInvitationInputSchema.safeParse({ ...valid, role }).success).toBe(true);
    }
    // A patient is invited with a patient account, never a provider one (ACCOUNT_TYPE_ROLES).
    expect(createInvitationInputSchema.safeParse({ ...valid, role: 'Patient' }).success).toBe(false);
    expect(createInvitationInputSchema.safeParse({ ...valid, role: 'Patient', accountType: 'pat' }).success).toBe(true);
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
  const patientId = '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f';
  const base = { patientId, type: 'bp', startDate: '2025-03-01', frequency: 'daily' };

  it('offers the frequencies of spec §3', () => {
    expect(SCHEDULE_FREQUENCIES).toEqual(['daily', 'weekly', 'biweekly', 'monthly', 'specificDays']);
    expect(WEEKDAYS).toEqual(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
  });

  it('fills the defaults: no days, 09:00, no e-mail', () => {
    expect(measurementScheduleSchema.parse(base)).toEqual({ ...base, days: [], times: ['09:00'], notifyByEmail: false });
  });

  it.each(['daily', 'weekly', 'biweekly', 'monthly'])('accepts %s without days', (frequency) => {
    expect(measurementScheduleSchema.safeParse({ ...base, frequency }).success).toBe(true);
  });

  it('needs at least one day for specific days, each day once', () => {
    const specific = { ...base, frequency: 'specificDays' };
    expect(issues(measurementScheduleSchema, specific)).toEqual([['days', 'Choose at least one day.']]);
    expect(issues(measurementScheduleSchema, { ...specific, days: [] })).toEqual([['days', 'Choose at least one day.']]);
    expect(measurementScheduleSchema.safeParse({ ...specific, days: ['mon'] }).success).toBe(true);
    expect(measurementScheduleSchema.safeParse({ ...specific, days: [...WEEKDAYS] }).success).toBe(true);
    expect(issues(measurementScheduleSchema, { ...specific, days: ['mon', 'mon'] })).toEqual([['days', 'Choose each day once.']]);
  });

  it('takes days only where they mean something', () => {
    expect(measurementScheduleSchema.safeParse({ ...base, frequency: 'weekly', days: ['mon', 'thu'] }).success).toBe(true);
    expect(measurementScheduleSchema.safeParse({ ...base, frequency: 'biweekly', days: ['fri'] }).success).toBe(true);
    expect(issues(measurementScheduleSchema, { ...base, days: ['mon'] })).toEqual([
      ['days', 'Days apply only to weekly, biweekly or specific days.'],
    ]);
  });

  it('refuses an unknown weekday or more than 7 days', () => {
    const specific = { ...base, frequency: 'specificDays' };
    expect(measurementScheduleSchema.safeParse({ ...specific, days: ['monday'] }).success).toBe(false);
    expect(measurementScheduleSchema.safeParse({ ...specific, days: [...WEEKDAYS, 'mon'] }).success).toBe(false);
  });

  it('needs a real start date, and an end date not before it', () => {
    expect(issues(measurementScheduleSchema, { ...base, startDate: '2025-02-30' })).toEqual([['startDate', 'Enter a date that exists.']]);
    expect(issues(measurementScheduleSchema, { ...base, startDate: undefined })).toEqual([['startDate', REQUIRED]]);
    expect(measurementScheduleSchema.safeParse({ ...base, endDate: '2025-03-01' }).success).toBe(true);
    expect(measurementScheduleSchema.safeParse({ ...base, endDate: null }).success).toBe(true);
    expect(issues(measurementScheduleSchema, { ...base, endDate: '2025-02-28' })).toEqual([
      ['endDate', 'The end date cannot be before the start date.'],
    ]);
  });

  it('takes times as HH:mm from 00:00 to 23:59, 1 to 12 of them, each once', () => {
    expect(measurementScheduleSchema.safeParse({ ...base, times: ['00:00', '23:59'] }).success).toBe(true);
    for (const time of ['24:00', '9:00', '09:60', '9am', '09:00:00']) {
      expect(issues(measurementScheduleSchema, { ...base, times: [time] })).toEqual([['times.0', 'Enter a time as HH:mm.']]);
    }
    expect(issues(measurementScheduleSchema, { ...base, times: [] })).toEqual([['times', 'Enter at least one time.']]);
    const twelve = Array.from({ length: 12 }, (_, h) => `${String(h + 8).padStart(2, '0')}:00`);
    expect(measurementScheduleSchema.safeParse({ ...base, times: twelve }).success).toBe(true);
    expect(measurementScheduleSchema.safeParse({ ...base, times: [...twelve, '21:00'] }).success).toBe(false);
    expect(issues(measurementScheduleSchema, { ...base, times: ['08:00', '08:00'] })).toEqual([['times', 'Enter each time once.']]);
  });

  it('records before or after a meal for blood sugar only, and e-mail notification', () => {
    const parsed = measurementScheduleSchema.parse({ ...base, type: 'bs', frequency: 'weekly', meal: 'before', notifyByEmail: true });
    expect(parsed).toMatchObject({ meal: 'before', notifyByEmail: true });
    expect(measurementScheduleSchema.safeParse({ ...base, type: 'bs', meal: 'during' }).success).toBe(false);
    expect(issues(measurementScheduleSchema, { ...base, meal: 'after' })).toEqual([
      ['meal', 'Only blood sugar is taken before or after a meal.'],
    ]);
  });

  it('takes a known time zone', () => {
    expect(measurementScheduleSchema.safeParse({ ...base, timezone: 'Asia/Riyadh' }).success).toBe(true);
    expect(issues(measurementScheduleSchema, { ...base, timezone: 'Mars/Olympus' })).toEqual([['timezone', 'Choose a valid time zone.']]);
  });

  it('refuses an unknown frequency or type and unknown fields', () => {
    expect(measurementScheduleSchema.safeParse({ ...base, frequency: 'hourly' }).success).toBe(false);
    expect(measurementScheduleSchema.safeParse({ ...base, type: 'hr' }).success).toBe(false);
    expect(measurementScheduleSchema.safeParse({ ...base, active: false }).success).toBe(false);
  });
});

describe('updateScheduleInputSchema', () => {
  it('changes notification or the end date, nothing else', () => {
    expect(updateScheduleInputSchema.parse({ notifyByEmail: true })).toEqual({ notifyByEmail: true });
    expect(updateScheduleInputSchema.parse({ endDate: null })).toEqual({ endDate: null });
    expect(issues(updateScheduleInputSchema, {})).toEqual([['', 'Change at least one field.']]);
    expect(updateScheduleInputSchema.safeParse({ times: ['08:00'] }).success).toBe(false);
  });
});

describe('task queries and inputs', () => {
  const patientId = '3f2b8c1e-9d4a-4c6b-8e2f-1a2b3c4d5e6f';

  it('asks for at most a year of tasks, in order', () => {
    expect(taskRangeQuerySchema.safeParse({ from: '2026-01-01', to: '2026-12-31' }).success).toBe(true);
    expect(taskRangeQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(issues(taskRangeQuerySchema, { from: '2026-01-02', to: '2026-01-01' })).toEqual([
      ['to', 'The end date cannot be before the start date.'],
    ]);
    expect(issues(taskRangeQuerySchema, { from: '2026-01-01', to: '2027-01-02' })).toEqual([['to', 'Ask for at most 366 days at once.']]);
  });

  it('names the day of the daily tasks and the patient as user_id or patient', () => {
    expect(dailyTasksQuerySchema.parse({ date: '2026-03-02', user_id: patientId })).toEqual({ date: '2026-03-02', user_id: patientId });
    expect(issues(dailyTasksQuerySchema, { date: '2026-13-01' })).toEqual([['date', 'Enter a date that exists.']]);
  });

  it('creates a one-off task at a date and time, and only cancels or restores tasks', () => {
    expect(createTaskInputSchema.safeParse({ patientId, type: 'bw', date: '2026-03-02', time: '07:30' }).success).toBe(true);
    expect(issues(createTaskInputSchema, { patientId, type: 'bw', date: '2026-03-02', time: '7:30' })).toEqual([
      ['time', 'Enter a time as HH:mm.'],
    ]);
    expect(updateTaskInputSchema.safeParse({ status: 'cancelled' }).success).toBe(true);
    expect(updateTaskInputSchema.safeParse({ status: 'complete' }).success).toBe(false);
  });
});

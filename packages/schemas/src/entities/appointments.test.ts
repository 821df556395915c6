import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../rules';
import { issues } from '../testing/issues';
import {
  CANCEL_REASONS,
  appointmentDatesQuerySchema,
  appointmentListQuerySchema,
  bookAppointmentInputSchema,
  cancelAppointmentInputSchema,
  completeVisitInputSchema,
  recordVisitInputSchema,
  slotsQuerySchema,
  visitCodeSchema,
} from './appointments';

const ID = '11111111-1111-4111-8111-111111111111';

describe('cancellation reasons', () => {
  it('are the seven of spec §4', () => {
    expect(Object.values(CANCEL_REASONS)).toEqual([
      'Patient illness or emergency',
      'Scheduling conflict',
      'Technical issues',
      'Found a different provider',
      'No longer needed',
      'Rescheduled',
      'Other',
    ]);
  });

  it('need a note only for "other"', () => {
    expect(issues(cancelAppointmentInputSchema, { reason: 'schedulingConflict' })).toEqual([]);
    expect(issues(cancelAppointmentInputSchema, { reason: 'other' })).toEqual([['note', REQUIRED]]);
    expect(issues(cancelAppointmentInputSchema, { reason: 'other', note: '   ' })).toEqual([
      ['note', REQUIRED],
    ]);
    expect(issues(cancelAppointmentInputSchema, { reason: 'other', note: 'Moving away' })).toEqual([]);
    expect(issues(cancelAppointmentInputSchema, {})).toEqual([['reason', REQUIRED]]);
    expect(issues(cancelAppointmentInputSchema, { reason: 'bored' })).toEqual([
      ['reason', 'Choose a reason from the list.'],
    ]);
    expect(issues(cancelAppointmentInputSchema, { reason: 'other', note: 'x'.repeat(501) })[0]?.[1]).toBe(
      'Note must be at most 500 characters.',
    );
  });
});

describe('booking', () => {
  const valid = { providerId: ID, type: 'tv', startsAt: '2026-12-02T14:00:00.000Z' };

  it('takes a provider, a type and a start with its time zone; the patient and reason are optional', () => {
    expect(bookAppointmentInputSchema.parse(valid)).toEqual(valid);
    expect(issues(bookAppointmentInputSchema, { ...valid, startsAt: '2026-12-02T09:00:00-05:00' })).toEqual(
      [],
    );
    expect(issues(bookAppointmentInputSchema, { ...valid, startsAt: '2026-12-02 09:00' })).toEqual([
      ['startsAt', 'Enter a date and time with its time zone.'],
    ]);
    expect(issues(bookAppointmentInputSchema, { ...valid, type: 'xx' }).map(([f]) => f)).toEqual(['type']);
    expect(issues(bookAppointmentInputSchema, { ...valid, providerId: 'me' }).map(([f]) => f)).toEqual([
      'providerId',
    ]);
    expect(issues(bookAppointmentInputSchema, { ...valid, reason: 'x'.repeat(501) })).toEqual([
      ['reason', 'Reason must be at most 500 characters.'],
    ]);
    expect(issues(bookAppointmentInputSchema, { ...valid, surprise: 1 }).map(([f]) => f)).toEqual(['']);
  });

  it('asks for slots of a real date, for one provider or the whole clinic', () => {
    expect(issues(slotsQuerySchema, { date: '2026-12-02', providerId: ID })).toEqual([]);
    expect(issues(slotsQuerySchema, { date: '2026-12-02' })).toEqual([]);
    expect(issues(slotsQuerySchema, { date: '2026-13-02' }).map(([f]) => f)).toEqual(['date']);
  });
});

describe('lists', () => {
  it('read several statuses from one comma-separated parameter', () => {
    expect(appointmentListQuerySchema.parse({ status: 'scheduled,confirmed' })).toMatchObject({
      status: ['scheduled', 'confirmed'],
      page: 1,
      pageSize: 20,
    });
    expect(issues(appointmentListQuerySchema, { status: 'scheduled,lost' }).map(([f]) => f)).toEqual([
      'status.1',
    ]);
    expect(issues(appointmentListQuerySchema, { when: 'someday' }).map(([f]) => f)).toEqual(['when']);
  });

  it('ask for calendar dates in a range of at most a year, ending after it starts', () => {
    expect(issues(appointmentDatesQuerySchema, { from: '2026-01-01', to: '2026-12-31' })).toEqual([]);
    expect(issues(appointmentDatesQuerySchema, { from: '2026-03-01', to: '2026-02-28' })).toEqual([
      ['to', 'The end date must not be before the start date.'],
    ]);
    expect(issues(appointmentDatesQuerySchema, { from: '2026-01-01', to: '2027-01-02' })).toEqual([
      ['to', 'Ask for at most 366 days at a time.'],
    ]);
  });
});

describe('visits', () => {
  it('are completed with a summary and notes, both required and bounded', () => {
    expect(
      issues(completeVisitInputSchema, {
        summary: 'Healing well',
        notes: 'Wound clean, no signs of infection.',
      }),
    ).toEqual([]);
    expect(issues(completeVisitInputSchema, { summary: ' ', notes: '' })).toEqual([
      ['summary', REQUIRED],
      ['notes', REQUIRED],
    ]);
    expect(issues(completeVisitInputSchema, { summary: 'x'.repeat(2001), notes: 'ok' })).toEqual([
      ['summary', 'Summary must be at most 2000 characters.'],
    ]);
  });

  it('recorded after the fact name the patient, and may name the provider and duration', () => {
    const walkIn = { patientId: ID, type: 'pv', startsAt: '2026-11-20T15:00:00Z' };
    expect(issues(recordVisitInputSchema, walkIn)).toEqual([]);
    expect(issues(recordVisitInputSchema, { ...walkIn, durationMinutes: 2 }).map(([f]) => f)).toEqual([
      'durationMinutes',
    ]);
    expect(issues(recordVisitInputSchema, { type: 'pv', startsAt: walkIn.startsAt }).map(([f]) => f)).toEqual(
      ['patientId'],
    );
  });

  it('are found by a code, in any case', () => {
    expect(visitCodeSchema.parse(' ABCD-EFGH-JKMN ')).toBe('abcd-efgh-jkmn');
    expect(visitCodeSchema.safeParse('../../etc').success).toBe(false);
  });
});

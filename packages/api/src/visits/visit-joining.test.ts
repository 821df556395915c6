import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import {
  JOIN_GRACE_MINUTES,
  joinRefusal,
  RUNNING_VISIT_GRACE_MINUTES,
  type JoinableVisit,
} from './visit-joining';

const MIN = 60_000;
const now = new Date('2030-03-04T15:00:00Z');
const visit = (
  over: Partial<JoinableVisit> = {},
  appointment: Partial<JoinableVisit['appointment']> = {},
): JoinableVisit => ({
  status: 'p',
  endedAt: null,
  completedAt: null,
  ...over,
  appointment: {
    type: 'tv',
    status: 'confirmed',
    startsAt: new Date(now.getTime() + 5 * MIN),
    endsAt: new Date(now.getTime() + 35 * MIN),
    ...appointment,
  },
});
const keyOf = (v: JoinableVisit, at = now, early = 10) => joinRefusal(v, at, early)?.key ?? null;

describe('joining rules', () => {
  it('let a telemedicine visit be joined from the early window to the end plus a grace', () => {
    expect(keyOf(visit())).toBeNull();
    expect(keyOf(visit({}, { startsAt: new Date(now.getTime() + 10 * MIN) }))).toBeNull();
    expect(keyOf(visit({}, { endsAt: new Date(now.getTime() - (JOIN_GRACE_MINUTES - 1) * MIN) }))).toBeNull();
  });

  it('refuse joining too early, naming the minutes', () => {
    const refusal = joinRefusal(visit({}, { startsAt: new Date(now.getTime() + 11 * MIN) }), now, 10);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal?.key).toBe('joinTooEarly');
    expect(refusal?.params).toEqual({ minutes: 10 });
    expect(refusal?.message).toBe('You cannot join more than 10 minutes before the start.');
  });

  it('refuse outside the window, with a longer grace for a visit in progress', () => {
    const ended = {
      endsAt: new Date(now.getTime() - (JOIN_GRACE_MINUTES + 1) * MIN),
      startsAt: new Date(now.getTime() - 60 * MIN),
    };
    expect(keyOf(visit({}, ended))).toBe('joinOutsideWindow');
    expect(keyOf(visit({ status: 'ip' }, ended))).toBeNull();
    const long = {
      endsAt: new Date(now.getTime() - (RUNNING_VISIT_GRACE_MINUTES + 1) * MIN),
      startsAt: new Date(now.getTime() - 120 * MIN),
    };
    expect(keyOf(visit({ status: 'ip' }, long))).toBe('joinOutsideWindow');
  });

  it('give the most final reason first', () => {
    expect(keyOf(visit({ completedAt: now, status: 'c' }, { endsAt: new Date(0) }))).toBe(
      'appointmentCompleted',
    );
    expect(keyOf(visit({}, { status: 'completed' }))).toBe('appointmentCompleted');
    expect(keyOf(visit({ status: 'can' }, { status: 'cancelled' }))).toBe('appointmentCanceled');
    expect(keyOf(visit({ status: 'ns' }, { status: 'noShow' }))).toBe('appointmentMissed');
    expect(keyOf(visit({ status: 'ic', endedAt: now }))).toBe('visitEnded');
    expect(keyOf(visit({}, { type: 'pv' }))).toBe('unableToJoin');
  });
});

import { describe, expect, it } from 'vitest';
import { appointment } from '../appointments/testing/fixtures';
import { isJoinable } from './join-visit-button';

const at = (iso: string) => Date.parse(iso);

describe('the join button of an appointment', () => {
  const tv = appointment({ startsAt: '2030-03-04T14:00:00.000Z', endsAt: '2030-03-04T14:30:00.000Z' });

  it('shows for a telemedicine visit from an hour before its start until its end', () => {
    expect(isJoinable(tv, at('2030-03-04T12:59:00.000Z'))).toBe(false);
    expect(isJoinable(tv, at('2030-03-04T13:30:00.000Z'))).toBe(true);
    expect(isJoinable(tv, at('2030-03-04T14:29:00.000Z'))).toBe(true);
    expect(isJoinable(tv, at('2030-03-04T14:30:00.000Z'))).toBe(false);
  });

  it('not for a postoperative, cancelled or completed appointment', () => {
    const now = at('2030-03-04T14:10:00.000Z');
    expect(isJoinable({ ...tv, type: { code: 'pv', description: 'Postoperative' } }, now)).toBe(false);
    expect(isJoinable({ ...tv, status: 'cancelled' }, now)).toBe(false);
    expect(isJoinable({ ...tv, status: 'completed' }, now)).toBe(false);
  });
});

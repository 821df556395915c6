import { describe, expect, it } from 'vitest';
import { appointment } from '../appointments/testing/fixtures';
import { isOnWorklist, visitStateOf } from './visit-state';

const START = Date.parse('2030-03-04T14:00:00.000Z');
const visit = { id: 'aaaaaaaa-0000-4000-8000-000000000999', code: 'k7mp-2xqa-9trz', completedAt: null, summary: null };

describe('visitStateOf', () => {
  it('is upcoming before its start and due once it has started with nobody in it', () => {
    expect(visitStateOf(appointment(), START - 60_000)).toBe('upcoming');
    expect(visitStateOf(appointment(), START)).toBe('due');
  });

  it('shows the patient waiting, the call under way, and an ended call still to complete', () => {
    expect(visitStateOf(appointment({ visit: { ...visit, status: 'w' } }), START - 60_000)).toBe('waiting');
    expect(visitStateOf(appointment({ visit: { ...visit, status: 'ip' } }), START)).toBe('inProgress');
    expect(visitStateOf(appointment({ visit: { ...visit, status: 'ic' } }), START)).toBe('ended');
  });

  it('is done once the visit or its appointment is completed', () => {
    expect(visitStateOf(appointment({ status: 'completed' }), START)).toBe('done');
    expect(visitStateOf(appointment({ visit: { ...visit, status: 'c', completedAt: '2030-03-04T14:40:00.000Z' } }), START)).toBe('done');
  });

  it('leaves cancelled appointments and no-shows off the worklist', () => {
    expect(isOnWorklist(appointment())).toBe(true);
    expect(isOnWorklist(appointment({ status: 'cancelled' }))).toBe(false);
    expect(isOnWorklist(appointment({ status: 'noShow' }))).toBe(false);
  });
});

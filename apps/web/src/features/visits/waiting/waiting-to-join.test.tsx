// @vitest-environment happy-dom
import type { VisitParticipant } from '@opencare/schemas/entities/visits';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../testing/render-app';
import { signedInAs } from '../../appointments/testing/fixtures';
import { fakeFetch, ok } from '../../signup/testing/harness';
import { WaitingToJoin } from './waiting-to-join';

const VISIT_ID = '00000000-0000-4000-8000-000000000099';
const waiting = (deviceId: string, fullName: string, admitted = false): VisitParticipant => ({
  accountId: null,
  fullName,
  role: 'patient',
  guestRole: null,
  deviceId,
  joinedAt: '2026-11-27T10:00:00.000Z',
  admitted,
});
const people = [waiting('device-a', 'Pat Morgan'), waiting('device-b', 'Sam Guest'), waiting('device-c', 'Priya Raman', true)];

const show = (canAdmit: boolean, role: number) =>
  renderRoutes(
    [{ path: '/call', element: <WaitingToJoin visitId={VISIT_ID} participants={people} canAdmit={canAdmit} /> }],
    '/call',
    signedInAs(role),
  );

describe('who waits to join, in the call', () => {
  it('lets a physician let one person in, or everyone', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'visits.admit' ? ok([]) : undefined));
    show(true, ROLES.Physician);
    const buttons = await screen.findAllByTestId('admit-one');
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]!);
    expect(screen.getByRole('button', { name: 'Let everyone in' })).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'visits.admit').map((c) => c.body)).toEqual([{ id: VISIT_ID, deviceIds: ['device-b'] }]),
    );
    expect(screen.queryByTestId('admit-by-care-team')).toBeNull();
  });

  it('shows an assistant who waits, without buttons the server would refuse, and says who lets them in', async () => {
    fakeFetch(() => undefined);
    show(false, ROLES.Assistant);
    expect((await screen.findByTestId('waiting-to-join')).textContent).toContain('Sam Guest');
    expect(screen.queryAllByTestId('admit-one')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Let everyone in' })).toBeNull();
    expect(screen.getByTestId('admit-by-care-team').textContent).toBe('A physician or nurse of the visit lets them in.');
  });
});

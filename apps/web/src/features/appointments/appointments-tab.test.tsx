// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fakeFetch } from '../signup/testing/harness';
import { AppointmentsTab } from './appointments-tab';
import { appointment, inputOf, listOf, NURSE_ID, signedInAs } from './testing/fixtures';

const routes = [
  { path: '/', element: <AppointmentsTab /> },
  { path: '/appointments', element: <p>appointments page</p> },
];

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('home’s appointments tab', () => {
  it('shows a patient their next appointments', async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'appointments.list' ? listOf([appointment(), appointment()]) : undefined,
    );
    renderRoutes(routes, '/', signedInAs(ROLES.Patient));
    expect(await screen.findAllByTestId('appointment-card')).toHaveLength(2);
    expect(calls[0]!.path).toBe('appointments.list');
    expect(inputOf(calls[0])).toEqual({
      when: 'upcoming',
      status: 'scheduled,confirmed,rescheduled',
      pageSize: 3,
    });
    expect(screen.getByRole('link', { name: 'See all appointments' })).toBeTruthy();
  });

  it('offers a patient with none to book one', async () => {
    fakeFetch(({ path }) => (path === 'appointments.list' ? listOf([]) : undefined));
    const { router } = renderRoutes(routes, '/', signedInAs(ROLES.Patient));
    fireEvent.click(await screen.findByTestId('home-book'));
    expect(router.state.location.pathname).toBe('/appointments');
    expect(router.state.location.search).toBe('?book=1');
  });

  it('shows a nurse their own, and a caregiver that appointments are not theirs', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'appointments.list' ? listOf([]) : undefined));
    renderRoutes(routes, '/', signedInAs(ROLES.Nurse, NURSE_ID));
    expect(await screen.findByText('No upcoming appointments')).toBeTruthy();
    expect(calls[0]!.path).toBe('appointments.list');
    expect(inputOf(calls[0]).providerId).toBe(NURSE_ID);
    expect(screen.queryByTestId('home-book')).toBeNull();
  });

  it('tells a caregiver appointments are kept for patients and their care team', () => {
    const { calls } = fakeFetch(() => undefined);
    renderRoutes(routes, '/', signedInAs(ROLES.User));
    expect(screen.getByText('Appointments are kept for patients and their care team.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

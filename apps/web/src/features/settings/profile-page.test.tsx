// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fakeFetch, ok, renderRoutes } from '../signup/testing/harness';
import { settingsRoute } from './routes';

const profile = (firstName: string) => ({
  userId: '7f0b7b8e-3f1e-4a52-9d87-0b7c4b2f9a11',
  accountId: '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22',
  user: {
    email: 'jane@example.com',
    phone: '+1 555 123 4567',
    username: 'janedoe',
    isVerified: true,
    isLocked: false,
    profile: {
      firstName,
      middleName: null,
      lastName: 'Doe',
      fullName: `${firstName} Doe`,
      dateOfBirth: '1980-05-17',
      age: { value: 45, unit: 'years' },
      preferredLanguage: 'en-US',
      preferredName: null,
      timezone: 'America/New_York',
      gender: { code: 'f', description: 'Female' },
      email: 'jane@example.com',
      phone: '+1 555 123 4567',
    },
  },
});

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('profile', () => {
  it('shows the profile and saves only what changed', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'profile.get') return ok(profile('Jane'));
      if (path === 'profile.update') return ok(profile((body as { firstName: string }).firstName));
      return undefined;
    });
    const { router } = renderRoutes([settingsRoute], { path: '/settings/account' });
    expect(router.state.location.pathname).toBe('/settings/account/profile');
    expect((await screen.findByTestId('profile-username')).textContent).toBe('janedoe');
    const firstName = screen.getByLabelText<HTMLInputElement>(/^First name/);
    expect(firstName.value).toBe('Jane');

    fireEvent.change(firstName, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();

    fireEvent.change(firstName, { target: { value: 'Janet' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByTestId('profile-saved')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'profile.update').map((c) => c.body)).toEqual([{ firstName: 'Janet' }]);
    // The saved profile is what the page shows from then on, without reading it again.
    expect(firstName.value).toBe('Janet');
    expect(calls.filter((c) => c.path === 'profile.get')).toHaveLength(1);
  });
});

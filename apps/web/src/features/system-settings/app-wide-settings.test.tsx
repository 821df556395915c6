// @vitest-environment happy-dom
import { DEFAULT_SETTINGS } from '@opencare/schemas/entities/settings';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { MainLayout } from '../../components/layouts/main-layout';
import { PREFERENCES_KEY } from '../../session/preferences-store';
import { loadStoredChecks } from '../../session/stored-item';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fakeFetch, ok } from '../signup/testing/harness';
import { systemSettingsRoutes } from './routes';
import { appSettings, signedInAdmin } from './testing/fixtures';

const LOGO = 'data:image/png;base64,iVBORw0KGgo=';

const signedInApp = () =>
  renderRoutes(
    [{ element: <MainLayout />, children: [{ path: '/', element: <p>home page</p> }] }],
    '/',
    signedInAdmin(),
  );

const signInScreen = () =>
  renderRoutes([{ element: <AuthLayout />, children: [{ path: '/login', element: <Outlet /> }] }], '/login', {
    status: 'signed-out',
  });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(async () => {
  sessionStore.accessToken.clear();
  await i18next.changeLanguage('en-US');
});

describe('settings the whole app reads', () => {
  it('shows the maintenance message at the top of the signed-in app, and the organisation in the header', async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'settings.app'
        ? ok(appSettings({ maintenanceMessage: 'Down for upgrades on Sunday 02:00–03:00.', logo: LOGO }))
        : undefined,
    );
    signedInApp();
    expect((await screen.findByTestId('maintenance-banner')).textContent).toContain(
      'Down for upgrades on Sunday 02:00–03:00.',
    );
    expect(screen.getByTestId('brand-name').textContent).toBe('Demo Clinic');
    expect(screen.getByTestId('brand').querySelector('img')?.getAttribute('src')).toBe(LOGO);
    // Header, banner and language share one request.
    expect(calls.filter((c) => c.path === 'settings.app')).toHaveLength(1);
    expect(calls.some((c) => c.path === 'settings.public')).toBe(false);
  });

  it("shows the organisation's new name in the header once the admin saved it", async () => {
    let organization = { ...DEFAULT_SETTINGS.organization, name: 'Demo Clinic' };
    const { calls } = fakeFetch(({ path, body }) => {
      const { area, values } = (body ?? {}) as { area?: string; values?: object };
      if (path === 'settings.app') return ok(appSettings({ organizationName: organization.name }));
      if (area !== 'organization') return undefined;
      if (path === 'settings.update') organization = { ...organization, ...values };
      return ok(organization);
    });
    renderRoutes(
      [{ element: <MainLayout />, children: [{ path: '/dashboard', children: systemSettingsRoutes }] }],
      '/dashboard/organization',
      signedInAdmin(),
    );
    await waitFor(() => expect(screen.getByTestId('brand-name').textContent).toBe('Demo Clinic'));
    fireEvent.change(await screen.findByLabelText(/^Organization name/, {}, { timeout: 5000 }), {
      target: { value: 'Riverside Clinic' },
    });
    fireEvent.click(screen.getByTestId('settings-save'));
    // The save invalidates the settings the whole app reads: the header asks again.
    await waitFor(() => expect(screen.getByTestId('brand-name').textContent).toBe('Riverside Clinic'), {
      timeout: 5000,
    });
    expect(calls.filter((c) => c.path === 'settings.app')).toHaveLength(2);
  }, 20_000);

  it('shows no banner while no maintenance message is set', async () => {
    fakeFetch(({ path }) => (path === 'settings.app' ? ok(appSettings()) : undefined));
    signedInApp();
    await waitFor(() => expect(screen.getByTestId('brand-name').textContent).toBe('Demo Clinic'));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
  });

  it("speaks the organisation's default language on the sign-in screen to a device with no choice of its own", async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'settings.public'
        ? ok({ organizationName: 'Clínica Demo', logo: null, defaultLanguage: 'es', passwordMinLength: 8 })
        : undefined,
    );
    signInScreen();
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(screen.getByTestId('brand-name').textContent).toBe('Clínica Demo');
    // Applied, not remembered: a later change of the default still reaches this device.
    expect(localStorage.getItem(PREFERENCES_KEY)).toBeNull();
    // Header and language share one request; the signed-in settings are not asked for.
    expect(calls.map((c) => c.path)).toEqual(['settings.public']);
  });

  it('keeps the language someone chose on this device', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ language: 'en-US' }));
    // As main.tsx does before the first render when something is stored.
    await loadStoredChecks();
    fakeFetch(({ path }) =>
      path === 'settings.public'
        ? ok({ organizationName: 'Demo Clinic', logo: null, defaultLanguage: 'ar', passwordMinLength: 8 })
        : undefined,
    );
    signInScreen();
    await waitFor(() => expect(screen.getByTestId('brand-name').textContent).toBe('Demo Clinic'));
    // Long enough for an adopted language to have been applied, had there been one.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.documentElement.lang).toBe('en-US');
  });
});

import { ROLES } from '@opencare/schemas/roles';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from './routes';
import type { SessionState } from './session/session-context';
import { makeAccount, makeUser } from './testing/fixtures';
import { renderRoutes } from './testing/render-app';

const FORBIDDEN = 'Sorry, you do not have permission to access this page.';
const PATIENT_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

function signedInAs(role: number, overrides: Parameters<typeof makeAccount>[1] = {}): SessionState {
  const account = makeAccount([role], overrides);
  return { status: 'signed-in', user: makeUser([account]), account };
}

const signedOut: SessionState = { status: 'signed-out' };

function withBluetooth(present: boolean) {
  if (present) Object.defineProperty(navigator, 'bluetooth', { value: {}, configurable: true });
  else Reflect.deleteProperty(navigator, 'bluetooth');
}

async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

describe('route guards', () => {
  afterEach(() => withBluetooth(false));

  it('sends a signed-out visitor of a login-required page to /login, remembering where they were going', async () => {
    const { router } = renderRoutes(routes, '/appointments', signedOut);
    await heading('Log in');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/appointments' });
  });

  it('shows a loader while the session is being restored', () => {
    renderRoutes(routes, '/appointments', { status: 'restoring' });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeDefined();
  });

  it('tells a user whose account is inactive to contact support', async () => {
    renderRoutes(
      routes,
      '/',
      signedInAs(ROLES.Patient, { status: { code: 'inactive', description: 'Inactive' } }),
    );
    expect(await screen.findByText('Your account is inactive. Please contact support.')).toBeDefined();
    expect(screen.getByTestId('inactive-account')).toBeDefined();
  });

  describe('patient only', () => {
    it.each(['/measurements', '/gateways', '/gateways/setup', '/gateways/living-room', '/help'])(
      'lets a patient open %s',
      async (path) => {
        renderRoutes(routes, path, signedInAs(ROLES.Patient));
        expect(await screen.findByRole('heading', { level: 1 })).toBeDefined();
        expect(screen.queryByText(FORBIDDEN)).toBeNull();
      },
    );

    it.each([ROLES.Physician, ROLES.Nurse, ROLES.Admin, ROLES.User])(
      'forbids /measurements to role %i',
      async (role) => {
        renderRoutes(routes, '/measurements', signedInAs(role));
        expect(await screen.findByText(FORBIDDEN)).toBeDefined();
      },
    );
  });

  describe('native-device condition', () => {
    it.each(['/devices', '/devices/add', '/devices/d1', '/gateways/connect-to-wifi'])(
      '%s is not found without Web Bluetooth',
      async (path) => {
        renderRoutes(routes, path, signedInAs(ROLES.Patient));
        await heading('Page not found');
      },
    );

    it.each([
      ['/devices', 'Devices'],
      ['/devices/add', 'Add a device'],
      ['/devices/d1', 'Device'],
      ['/gateways/connect-to-wifi', 'Connect the gateway to Wi-Fi'],
    ])('%s opens where Web Bluetooth exists', async (path, title) => {
      withBluetooth(true);
      renderRoutes(routes, path, signedInAs(ROLES.Patient));
      await heading(title);
    });

    it('still forbids devices to a clinician', async () => {
      withBluetooth(true);
      renderRoutes(routes, '/devices', signedInAs(ROLES.Physician));
      expect(await screen.findByText(FORBIDDEN)).toBeDefined();
    });
  });

  describe('physician or nurse', () => {
    it.each([
      [ROLES.Physician, '/mail', 'Mail'],
      [ROLES.Nurse, '/patients', 'Patients'],
      [ROLES.Physician, '/incomplete-visits', 'Incomplete visits'],
      [ROLES.Nurse, '/analytics', 'Analytics'],
    ])('lets role %i open %s', async (role, path, title) => {
      renderRoutes(routes, path, signedInAs(role));
      await heading(title);
    });

    it.each([ROLES.Assistant, ROLES.Patient, ROLES.Admin])('forbids /mail to role %i', async (role) => {
      renderRoutes(routes, '/mail', signedInAs(role));
      expect(await screen.findByText(FORBIDDEN)).toBeDefined();
    });

    it.each([ROLES.Physician, ROLES.Nurse, ROLES.Assistant])(
      'lets role %i open the alerts inbox',
      async (role) => {
        renderRoutes(routes, '/alerts', signedInAs(role));
        await heading('Alerts');
      },
    );

    it.each([ROLES.Patient, ROLES.Admin, ROLES.User])('forbids /alerts to role %i', async (role) => {
      renderRoutes(routes, '/alerts', signedInAs(role));
      expect(await screen.findByText(FORBIDDEN)).toBeDefined();
    });

    it('opens a patient whose id is a UUID', async () => {
      const { router } = renderRoutes(routes, `/patients/${PATIENT_ID}`, signedInAs(ROLES.Physician));
      await heading('Patient snapshot');
      expect(router.state.location.pathname).toBe(`/patients/${PATIENT_ID}`);
    });

    it('sends any other patient id back to the list', async () => {
      const { router } = renderRoutes(routes, '/patients/not-a-uuid', signedInAs(ROLES.Nurse));
      await heading('Patients');
      expect(router.state.location.pathname).toBe('/patients');
    });
  });

  describe('admin only', () => {
    it.each([ROLES.Admin, ROLES.Super])('lets role %i open the dashboard', async (role) => {
      renderRoutes(routes, '/dashboard', signedInAs(role));
      await heading('Dashboard');
      expect(within(screen.getByTestId('dashboard-areas')).getAllByRole('heading')).toHaveLength(16);
    });

    it.each([
      ['/dashboard/vendor', 'Vendors'],
      ['/dashboard/vendor/create', 'Add a vendor'],
      ['/dashboard/device-management', 'Device profiles'],
      ['/create-profile', 'Create a device profile'],
      ['/dashboard/security', 'Security and compliance'],
      ['/dashboard/integrations', 'Integrations'],
      ['/dashboard/billing-and-payments', 'Billing and payments'],
      ['/dashboard/alerts', 'Alerts'],
      ['/dashboard/api-keys', 'API keys'],
    ])('lets an admin open %s', async (path, title) => {
      renderRoutes(routes, path, signedInAs(ROLES.Admin));
      await heading(title);
    });

    it.each([ROLES.Patient, ROLES.Physician, ROLES.Nurse, ROLES.Assistant, ROLES.User])(
      'forbids the dashboard to role %i',
      async (role) => {
        renderRoutes(routes, '/dashboard', signedInAs(role));
        expect(await screen.findByText(FORBIDDEN)).toBeDefined();
      },
    );
  });

  describe('simple layout and public pages', () => {
    it('/telehealth-visit without a code goes home', async () => {
      const { router } = renderRoutes(routes, '/telehealth-visit', signedInAs(ROLES.Patient));
      await screen.findByTestId('user-full-name');
      expect(router.state.location.pathname).toBe('/');
    });

    it('a visit needs a login', async () => {
      const { router } = renderRoutes(routes, '/telehealth-visit/ABC123', signedOut);
      await heading('Log in');
      expect(router.state.location.pathname).toBe('/login');
    });

    it('opens the visit screen for a signed-in user (a visit it cannot find says so)', async () => {
      renderRoutes(routes, '/telehealth-visit/abc123', signedInAs(ROLES.Patient));
      expect(await screen.findByTestId('visit-not-found')).toBeDefined();
    });

    it.each([
      ['/telehealth-invitations', 'Join a video visit'],
      ['/faqs', 'Frequently asked questions'],
      ['/privacy-policy', 'Privacy policy'],
      ['/terms-and-conditions', 'Terms and conditions'],
      ['/feedback', 'Feedback'],
      ['/no/such/page', 'Page not found'],
    ])('%s is public', async (path, title) => {
      renderRoutes(routes, path, signedOut);
      await heading(title);
    });
  });
});

describe('navigation menu', () => {
  const menuLinks = async (session: SessionState) => {
    renderRoutes(routes, '/', session);
    const nav = await screen.findByTestId('nav-menu');
    return within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
  };
  const INFO = ['FAQs', 'Privacy policy', 'Terms and conditions', 'Feedback'];

  it('gives patients their items', async () => {
    expect(await menuLinks(signedInAs(ROLES.Patient))).toEqual([
      'Home',
      'Appointments',
      'Measurements',
      'Gateways',
      'Caregivers',
      'Help',
      'Settings',
      ...INFO,
    ]);
  });

  it('adds devices for patients where Web Bluetooth exists', async () => {
    withBluetooth(true);
    expect(await menuLinks(signedInAs(ROLES.Patient))).toContain('Devices');
    withBluetooth(false);
  });

  it('gives physicians and nurses theirs', async () => {
    expect(await menuLinks(signedInAs(ROLES.Nurse))).toEqual([
      'Home',
      'Appointments',
      'Patients',
      'Mail',
      'Incomplete visits',
      'Analytics',
      'Alerts',
      'Monitoring report',
      'Settings',
      ...INFO,
    ]);
  });

  it('gives assistants the alerts inbox', async () => {
    expect(await menuLinks(signedInAs(ROLES.Assistant))).toEqual([
      'Home',
      'Appointments',
      'Alerts',
      'Settings',
      ...INFO,
    ]);
  });

  it('gives admins the dashboard and the monitoring report (billing)', async () => {
    expect(await menuLinks(signedInAs(ROLES.Admin))).toEqual([
      'Dashboard',
      'Home',
      'Appointments',
      'Monitoring report',
      'Settings',
      ...INFO,
    ]);
  });

  it('ends with quit', async () => {
    renderRoutes(routes, '/', signedInAs(ROLES.User));
    expect(within(await screen.findByTestId('nav-menu')).getByRole('button', { name: 'Quit' })).toBeDefined();
  });
});

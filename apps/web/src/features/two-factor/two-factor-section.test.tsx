// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { fakeFetch, ok, renderRoutes } from '../signup/testing/harness';
import { settingsRoute } from '../settings/routes';

const staff = makeAccount([ROLES.Physician], { accountType: { code: 'prov', description: 'Provider' } });
const signedIn = { status: 'signed-in' as const, user: makeUser([staff]), account: staff };

const off = { enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 };
const on = { enabled: true, required: false, enabledAt: '2026-01-05T10:00:00.000Z', recoveryCodesLeft: 10 };
const setup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/OpenCare:pat?secret=JBSWY3DPEHPK3PXP&issuer=OpenCare',
  issuer: 'OpenCare',
  accountName: 'pat',
};
const codes = ['aaaa-bbbb', 'cccc-dddd'];

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

const section = async () => within(await screen.findByTestId('two-factor-section'));

describe('two-factor sign-in in the security settings', () => {
  it('turns it on: set-up, the first code, the recovery codes, and the status read again', async () => {
    let enabled = false;
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'auth.sessions') return ok([]);
      if (path === 'auth.twoFactorStatus') return ok(enabled ? on : off);
      if (path === 'auth.twoFactorSetup') return ok(setup);
      if (path === 'auth.twoFactorConfirm') {
        enabled = true;
        return ok({ recoveryCodes: codes });
      }
      return undefined;
    });
    renderRoutes([settingsRoute], { path: '/settings/account/security', session: signedIn });
    expect((await (await section()).findByTestId('two-factor-status')).textContent).toBe('Off');

    fireEvent.click(screen.getByTestId('two-factor-turn-on'));
    expect((await screen.findByTestId('two-factor-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByLabelText(/^Authentication code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));

    expect(await screen.findByText('aaaa-bbbb')).toBeTruthy();
    expect(calls.find((c) => c.path === 'auth.twoFactorConfirm')).toEqual({
      method: 'mutation',
      path: 'auth.twoFactorConfirm',
      body: { code: '123456' },
    });
    // The status changed on the server: it is read again, and shown once the codes are put away.
    await waitFor(() => expect(calls.filter((c) => c.path === 'auth.twoFactorStatus')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('two-factor-done'));
    expect((await (await section()).findByTestId('two-factor-status')).textContent).toBe('On');
  });

  it('turns it off with the password and a code, showing the status the server answers', async () => {
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'auth.sessions') return ok([]);
      if (path === 'auth.twoFactorStatus') return ok(on);
      if (path === 'auth.twoFactorDisable') return ok(off);
      return undefined;
    });
    renderRoutes([settingsRoute], { path: '/settings/account/security', session: signedIn });
    expect((await (await section()).findByTestId('two-factor-status')).textContent).toBe('On');

    const twoFactor = await section();
    fireEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));
    fireEvent.change(twoFactor.getByLabelText(/^Authentication code/), { target: { value: '654321' } });
    fireEvent.change(twoFactor.getByLabelText(/^Password/), { target: { value: 'Passw0rd!' } });
    fireEvent.click(twoFactor.getByRole('button', { name: 'Turn off' }));

    await waitFor(async () => expect((await section()).getByTestId('two-factor-status').textContent).toBe('Off'));
    expect(calls.find((c) => c.path === 'auth.twoFactorDisable')?.body).toEqual({ password: 'Passw0rd!', code: '654321' });
    // The answer is the new status: nothing read again.
    expect(calls.filter((c) => c.path === 'auth.twoFactorStatus')).toHaveLength(1);
  });
});

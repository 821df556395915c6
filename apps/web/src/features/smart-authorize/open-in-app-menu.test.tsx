// @vitest-environment happy-dom
import type { LaunchableApp } from '@opencare/schemas/entities/smart-clients';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok, type FakeCall } from '../signup/testing/harness';
import { OpenInAppMenu } from './open-in-app-menu';

const PATIENT_ID = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22';
const VIEWER: LaunchableApp = {
  id: '7c0e2d1a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
  name: 'Chart Viewer',
  launchOrigin: 'https://viewer.example.org',
};
const LAUNCH_URL = 'https://viewer.example.org/launch?iss=http%3A%2F%2Flocalhost%2Ffhir%2FR4&launch=abc';

function renderMenu(role: number) {
  const account = makeAccount([role], { accountType: { code: 'prov', description: 'Provider' } });
  return renderRoutes(
    [{ path: '/patients/:patientId', element: <OpenInAppMenu patientId={PATIENT_ID} /> }],
    `/patients/${PATIENT_ID}`,
    {
      status: 'signed-in',
      user: makeUser([account]),
      account,
    },
  );
}

/** The tab opened in the click, as the page sees it before and after the launch URL arrives. */
function fakeTab() {
  const tab = { opener: window as unknown, closed: false, location: { replace: vi.fn() }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  sessionStore.accessToken.clear();
  vi.restoreAllMocks();
});

describe('Open in app (EHR launch)', () => {
  it("opens a tab at once, then sends it to the app's launch URL for this patient, cut off from this page", async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'smartAuthorize.apps'
        ? ok([VIEWER])
        : path === 'smartAuthorize.launch'
          ? ok({ url: LAUNCH_URL })
          : undefined,
    );
    const { tab, open } = fakeTab();
    renderMenu(ROLES.Physician);
    fireEvent.click(await screen.findByRole('button', { name: 'Open in app' }));
    const item = await screen.findByRole('menuitem', { name: /Chart Viewer/ });
    // Where the record goes, under the app's name.
    expect(item.textContent).toContain('https://viewer.example.org');
    fireEvent.click(item);
    // Opened within the click (a pop-up blocker lets it through), before the server answers.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(LAUNCH_URL));
    expect(calls.find((c: FakeCall) => c.path === 'smartAuthorize.launch')!.body).toEqual({
      patientId: PATIENT_ID,
      clientId: VIEWER.id,
    });
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the opened tab and tells why when the launch is refused', async () => {
    fakeFetch(({ path }) =>
      path === 'smartAuthorize.apps'
        ? ok([VIEWER])
        : path === 'smartAuthorize.launch'
          ? fail(404, 'notFound', 'We could not find what you asked for.')
          : undefined,
    );
    const { tab } = fakeTab();
    renderMenu(ROLES.Physician);
    fireEvent.click(await screen.findByRole('button', { name: 'Open in app' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Chart Viewer/ }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.replace).not.toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('makes no launch when the browser blocks the tab, and says so', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'smartAuthorize.apps' ? ok([VIEWER]) : undefined));
    vi.spyOn(window, 'open').mockReturnValue(null);
    renderMenu(ROLES.Physician);
    fireEvent.click(await screen.findByRole('button', { name: 'Open in app' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Chart Viewer/ }));
    expect(
      await screen.findByText('Your browser blocked the new tab. Allow pop-ups for this site and try again.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === 'smartAuthorize.launch')).toBe(false);
  });

  it('is not there when the organisation has no app to open', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'smartAuthorize.apps' ? ok([]) : undefined));
    renderMenu(ROLES.Physician);
    await waitFor(() => expect(calls.some((c) => c.path === 'smartAuthorize.apps')).toBe(true));
    // Answered: still nothing to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Open in app' })).toBeNull();
  });

  it('is not there, and the list is not asked for, for those who may not hand a record out', async () => {
    const { calls } = fakeFetch(() => undefined);
    renderMenu(ROLES.Nurse);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Open in app' })).toBeNull();
    expect(calls.some((c) => c.path === 'smartAuthorize.apps')).toBe(false);
  });
});

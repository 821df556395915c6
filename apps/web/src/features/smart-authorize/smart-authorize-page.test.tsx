// @vitest-environment happy-dom
import { SMART_APP_SCOPES, type SmartConsent } from '@opencare/schemas/entities/smart-clients';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as english } from '../../i18n/messages-en-us-later';
import { messages as spanish } from '../../i18n/messages-es-later';
import { messages as arabic } from '../../i18n/messages-ar-later';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { smartAuthorizeRoute } from './routes';
import { scopeKeyOf } from './scope-text';
import { leaveFor } from './smart-authorize-page';

const PATIENT_ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const REQUEST = {
  response_type: 'code',
  client_id: '7c0e2d1a-3b4c-4d5e-8f90-1a2b3c4d5e6f',
  redirect_uri: 'https://diary.example.org/cb',
  scope: 'launch/patient patient/Observation.rs patient/Patient.read',
  state: 'st-123',
  aud: 'http://localhost/fhir/R4',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
};
const CONSENT: SmartConsent = {
  clientName: 'Pressure Diary',
  redirectOrigin: 'https://diary.example.org',
  scopes: ['launch/patient', 'patient/Observation.rs', 'patient/Patient.read'],
  patient: { id: PATIENT_ID, name: 'Pat Morgan' },
};

function renderConsent() {
  const account = makeAccount([ROLES.Patient], { accountType: { code: 'pat', description: 'Patient' } });
  return renderRoutes([smartAuthorizeRoute], `/authorize?${new URLSearchParams(REQUEST).toString()}`, { status: 'signed-in', user: makeUser([account]), account });
}

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  sessionStore.accessToken.clear();
  vi.restoreAllMocks();
});

describe('SMART app consent', () => {
  it('shows the app, what it will read in plain words and whose record, and Allow sends the browser back to the app', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const { calls } = fakeFetch(({ path }) =>
      path === 'smartAuthorize.consent' ? ok(CONSENT) : path === 'smartAuthorize.decide' ? ok({ redirectTo: 'https://diary.example.org/cb?code=abc&state=st-123' }) : undefined,
    );
    renderConsent();
    const card = await screen.findByTestId('smart-consent');
    const plain = (text: string | null) => text?.replace(/[\u2068\u2069]/g, '');
    expect(plain(within(card).getByRole('heading', { level: 1 }).textContent)).toBe('Allow Pressure Diary to read your health information?');
    expect(plain(screen.getByTestId('smart-consent-patient').textContent)).toContain('Pat Morgan (you)');
    const items = within(screen.getByTestId('smart-consent-scopes')).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['Your readings (blood pressure, glucose, weight and others)', 'Your name, date of birth and contact details']);
    expect(screen.getByTestId('smart-consent-origin').textContent).toContain('https://diary.example.org');
    // The request goes to the server as the app sent it.
    expect(calls.find((c) => c.path === 'smartAuthorize.consent')!.body).toEqual(REQUEST);

    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://diary.example.org/cb?code=abc&state=st-123'));
    expect(calls.find((c) => c.path === 'smartAuthorize.decide')!.body).toEqual({ request: REQUEST, allow: true });
  });

  it('Deny tells the server, which sends the browser back with access_denied', async () => {
    const go = vi.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    const { calls } = fakeFetch(({ path }) =>
      path === 'smartAuthorize.consent' ? ok(CONSENT) : path === 'smartAuthorize.decide' ? ok({ redirectTo: 'https://diary.example.org/cb?error=access_denied&state=st-123' }) : undefined,
    );
    renderConsent();
    const deny = await screen.findByRole('button', { name: 'Deny' });
    deny.focus();
    fireEvent.click(deny);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://diary.example.org/cb?error=access_denied&state=st-123'));
    expect(calls.find((c) => c.path === 'smartAuthorize.decide')!.body).toEqual({ request: REQUEST, allow: false });
  });

  it('explains a request it cannot answer, and offers nothing to allow', async () => {
    fakeFetch(({ path }) => (path === 'smartAuthorize.consent' ? fail(400, 'smartAppUnknown', 'unknown app') : undefined));
    renderConsent();
    const error = await screen.findByTestId('smart-consent-error');
    expect(error.textContent).toContain('This app is not registered here');
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull();
  });

  it('has plain words for every scope an app can be given, in every language', () => {
    const keys = SMART_APP_SCOPES.map(scopeKeyOf);
    expect(keys).not.toContain(null);
    for (const locale of [english, spanish, arabic]) {
      for (const key of keys) {
        const text = key!.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown>)[part], locale.smartAuthorize.scopes);
        expect(typeof text, key!).toBe('string');
      }
    }
  });
});

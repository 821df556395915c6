// @vitest-environment happy-dom
import type { FhirSubscriptionSummary } from '@opencare/schemas/entities/fhir-subscriptions';
import type { SmartClient } from '@opencare/schemas/entities/smart-clients';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok, type FakeRoute } from '../signup/testing/harness';
import { integrationsRoute } from './routes';

const CLIENT_ID = '7c0e2d1a-3b4c-4d5e-8f90-1a2b3c4d5e6f';
const PUBLIC_KEY = { kty: 'EC', kid: 'ehr-1', crv: 'P-384', x: 'YFV95qJ5XCiovEG3d0m3Z8FTuRPOMQ7W-QWRZioeFLzoQ_fypVBMFNxVzYaidmfJ', y: 'I4Rp9bjbZKxUjscxJu-8KKbrsq604GkxbnCYsSlhSzLYtQsgcHfZzj_kbo_vgFaT' };

const client = (overrides: Partial<SmartClient> = {}): SmartClient => ({
  id: CLIENT_ID,
  kind: 'backend',
  redirectUris: [],
  launchUrl: null,
  clientId: CLIENT_ID,
  name: 'Hospital EHR',
  scopes: ['system/Observation.read', 'system/Patient.read'],
  keyIds: ['ehr-1'],
  createdAt: '2026-11-01T09:00:00.000Z',
  lastUsedAt: '2026-11-30T10:30:00.000Z',
  lastError: 'invalid_client: This assertion was used before: sign a new one with a new jti.',
  lastErrorAt: '2026-11-30T10:31:00.000Z',
  revokedAt: null,
  ...overrides,
});
const subscription = (overrides: Partial<FhirSubscriptionSummary> = {}): FhirSubscriptionSummary => ({
  id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
  criteria: 'Observation',
  endpoint: 'https://ehr.example.org/hooks/readings',
  status: 'error',
  error: 'The endpoint answered 503.',
  failedAttempts: 3,
  ownerType: 'smartClient',
  ownerName: 'Hospital EHR',
  lastDeliveredAt: '2026-11-30T08:00:00.000Z',
  createdAt: '2026-11-02T09:00:00.000Z',
  ...overrides,
});

function server(clients: SmartClient[], subscriptions: FhirSubscriptionSummary[], extra: FakeRoute = () => undefined) {
  return fakeFetch((request) =>
    request.path === 'smartClients.list' ? ok([...clients]) : request.path === 'fhirSubscriptions.list' ? ok([...subscriptions]) : extra(request),
  );
}

function renderIntegrations() {
  const account = makeAccount([ROLES.Admin], { accountType: { code: 'prov', description: 'Provider' } });
  return renderRoutes([{ path: '/dashboard', children: [integrationsRoute] }], '/dashboard/integrations', { status: 'signed-in', user: makeUser([account]), account });
}

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('integrations', () => {
  it('shows each system with its client ID, what it may read, its last token and its last refusal, and the failing notifications', async () => {
    const alertsHook = subscription({ id: '1d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6b', criteria: 'Flag?patient=5d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6c', status: 'active', error: null, failedAttempts: 0 });
    server([client()], [subscription(), alertsHook]);
    renderIntegrations();
    const [row] = await screen.findAllByTestId('smart-client-row');
    expect(within(row!).getByTestId('smart-client-id').textContent).toBe(CLIENT_ID);
    expect(row!.textContent).toContain('Readings (Observation) · Patients');
    expect(within(row!).getByTestId('smart-client-problem').textContent).toContain('This assertion was used before');
    const [hook, alerts] = await screen.findAllByTestId('subscription-row');
    expect(within(hook!).getByTestId('subscription-status').textContent).toBe('Failing');
    expect(hook!.textContent).toContain('Every new reading');
    expect(hook!.textContent).toContain('Failed attempts: 3. Last: the system answered 503.');
    expect(alerts!.textContent).toContain("One patient's alerts");
    expect(screen.getByText(`${window.location.origin}/fhir/R4/.well-known/smart-configuration`)).toBeTruthy();
  });

  it('refuses a private key before sending it, and registers with the public key set', async () => {
    const clients: SmartClient[] = [];
    const { calls } = server(clients, [], ({ path, body }) => {
      if (path !== 'smartClients.create') return undefined;
      const made = client({ name: (body as { name: string }).name, lastError: null, lastErrorAt: null, lastUsedAt: null });
      clients.push(made);
      return ok(made, 201);
    });
    renderIntegrations();
    fireEvent.click(await screen.findByTestId('smart-client-register'));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Hospital EHR' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Readings (Observation)' }));
    const jwks = within(form).getByTestId('smart-client-jwks');
    fireEvent.change(jwks, { target: { value: JSON.stringify({ keys: [{ ...PUBLIC_KEY, d: 'secret-part' }] }) } });
    fireEvent.click(within(form).getByTestId('smart-client-submit'));
    expect(await within(form).findByText(/That is a private key/)).toBeTruthy();
    expect(calls.some((c) => c.path === 'smartClients.create')).toBe(false);

    fireEvent.change(jwks, { target: { value: JSON.stringify({ keys: [PUBLIC_KEY] }) } });
    fireEvent.click(within(form).getByTestId('smart-client-submit'));
    await waitFor(() => expect(calls.find((c) => c.path === 'smartClients.create')).toBeTruthy());
    expect(calls.find((c) => c.path === 'smartClients.create')!.body).toEqual({ name: 'Hospital EHR', scopes: ['system/Observation.read'], jwks: { keys: [PUBLIC_KEY] } });
    expect(await screen.findByText('"Hospital EHR" registered. Give its client ID to the integrator.')).toBeTruthy();
  });

  it('registers an app with its redirect URIs and the scopes it may ask for, and shows it without keys', async () => {
    const clients: SmartClient[] = [];
    const { calls } = server(clients, [], ({ path, body }) => {
      if (path !== 'smartClients.createApp') return undefined;
      const sent = body as { name: string; redirectUris: string[]; scopes: string[] };
      const made = client({ ...sent, kind: 'app', keyIds: [], lastError: null, lastErrorAt: null, lastUsedAt: null });
      clients.push(made);
      return ok(made, 201);
    });
    renderIntegrations();
    fireEvent.click(await screen.findByTestId('smart-app-register'));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Pressure Diary' } });
    const uris = within(form).getByTestId('smart-app-redirect-uris');
    fireEvent.change(uris, { target: { value: 'http://diary.example.org/cb' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'One patient’s record: Readings (Observation)' }));
    fireEvent.click(within(form).getByTestId('smart-app-submit'));
    expect(await within(form).findByText(/must be an https address/)).toBeTruthy();
    expect(calls.some((c) => c.path === 'smartClients.createApp')).toBe(false);

    fireEvent.change(uris, { target: { value: 'https://diary.example.org/cb\n\nhttp://localhost:5173/cb\n' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Which patient (launch/patient)' }));
    fireEvent.click(within(form).getByTestId('smart-app-submit'));
    await waitFor(() => expect(calls.find((c) => c.path === 'smartClients.createApp')).toBeTruthy());
    expect(calls.find((c) => c.path === 'smartClients.createApp')!.body).toEqual({
      name: 'Pressure Diary',
      redirectUris: ['https://diary.example.org/cb', 'http://localhost:5173/cb'],
      scopes: ['patient/Observation.read', 'launch/patient'],
    });
    expect(await screen.findByText('"Pressure Diary" registered. Give its client ID to the app’s developer.')).toBeTruthy();
    const [row] = await screen.findAllByTestId('smart-client-row');
    expect(row!.textContent).toContain('Redirect URIs: https://diary.example.org/cb, http://localhost:5173/cb');
    expect(within(row!).queryByRole('button', { name: /Replace the keys/ })).toBeNull();
  });

  it('registers an app with a launch URL checked like a redirect URI, and shows where it is launched', async () => {
    const clients: SmartClient[] = [];
    const { calls } = server(clients, [], ({ path, body }) => {
      if (path !== 'smartClients.createApp') return undefined;
      const sent = body as { name: string; redirectUris: string[]; launchUrl?: string; scopes: string[] };
      const made = client({ ...sent, launchUrl: sent.launchUrl ?? null, kind: 'app', keyIds: [], lastError: null, lastErrorAt: null, lastUsedAt: null });
      clients.push(made);
      return ok(made, 201);
    });
    renderIntegrations();
    fireEvent.click(await screen.findByTestId('smart-app-register'));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Chart Viewer' } });
    fireEvent.change(within(form).getByTestId('smart-app-redirect-uris'), { target: { value: 'https://viewer.example.org/cb' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'One patient’s record: Everything (all FHIR resources)' }));
    const launchUrl = within(form).getByRole('textbox', { name: 'Launch URL' });
    expect(within(form).getByText(/open the app from a patient's page/)).toBeTruthy();
    fireEvent.change(launchUrl, { target: { value: 'http://viewer.example.org/launch' } });
    fireEvent.click(within(form).getByTestId('smart-app-submit'));
    expect(await within(form).findByText('The launch URL must be an https address (http only for localhost), without a #fragment.')).toBeTruthy();
    expect(launchUrl.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === 'smartClients.createApp')).toBe(false);

    fireEvent.change(launchUrl, { target: { value: 'https://viewer.example.org/launch' } });
    fireEvent.click(within(form).getByTestId('smart-app-submit'));
    await waitFor(() => expect(calls.find((c) => c.path === 'smartClients.createApp')).toBeTruthy());
    expect(calls.find((c) => c.path === 'smartClients.createApp')!.body).toEqual({
      name: 'Chart Viewer',
      redirectUris: ['https://viewer.example.org/cb'],
      launchUrl: 'https://viewer.example.org/launch',
      scopes: ['patient/*.read'],
    });
    const [row] = await screen.findAllByTestId('smart-client-row');
    expect(within(row!).getByTestId('smart-client-launch-url').textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('Launch URL: https://viewer.example.org/launch');
  });

  it("puts the server's refusal of the launch URL on its field", async () => {
    server([], [], ({ path }) =>
      path === 'smartClients.createApp' ? fail(400, 'validationFailed', 'Check the highlighted fields.', [{ field: 'launchUrl', message: 'Each redirect URI must be an https address (http only for localhost), without a #fragment.' }]) : undefined,
    );
    renderIntegrations();
    fireEvent.click(await screen.findByTestId('smart-app-register'));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByRole('textbox', { name: /Name/ }), { target: { value: 'Chart Viewer' } });
    fireEvent.change(within(form).getByTestId('smart-app-redirect-uris'), { target: { value: 'https://viewer.example.org/cb' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'One patient’s record: Everything (all FHIR resources)' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Launch URL' }), { target: { value: 'https://viewer.example.org/launch' } });
    fireEvent.click(within(form).getByTestId('smart-app-submit'));
    expect(await within(form).findByText('The launch URL must be an https address (http only for localhost), without a #fragment.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Launch URL' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('switches notifications off only after confirming', async () => {
    const subscriptions = [subscription()];
    const { calls } = server([], subscriptions, ({ path }) => {
      if (path !== 'fhirSubscriptions.switchOff') return undefined;
      subscriptions[0] = subscription({ status: 'off', error: 'Switched off by an admin.' });
      return ok(subscriptions[0]);
    });
    renderIntegrations();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch off notifications to https://ehr.example.org/hooks/readings' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === 'fhirSubscriptions.switchOff')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Switch off notifications to https://ehr.example.org/hooks/readings' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Off'));
  });
});

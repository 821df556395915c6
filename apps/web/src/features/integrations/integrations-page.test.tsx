// @vitest-environment happy-dom
import type { FhirSubscriptionSummary } from '@opencare/schemas/entities/fhir-subscriptions';
import type { SmartClient } from '@opencare/schemas/entities/smart-clients';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render-app';
import { fakeFetch, ok, type FakeRoute } from '../signup/testing/harness';
import { integrationsRoute } from './routes';

const CLIENT_ID = '7c0e2d1a-3b4c-4d5e-8f90-1a2b3c4d5e6f';
const PUBLIC_KEY = { kty: 'EC', kid: 'ehr-1', crv: 'P-384', x: 'YFV95qJ5XCiovEG3d0m3Z8FTuRPOMQ7W-QWRZioeFLzoQ_fypVBMFNxVzYaidmfJ', y: 'I4Rp9bjbZKxUjscxJu-8KKbrsq604GkxbnCYsSlhSzLYtQsgcHfZzj_kbo_vgFaT' };

const client = (overrides: Partial<SmartClient> = {}): SmartClient => ({
  id: CLIENT_ID,
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
    server([client()], [subscription()]);
    renderIntegrations();
    const [row] = await screen.findAllByTestId('smart-client-row');
    expect(within(row!).getByTestId('smart-client-id').textContent).toBe(CLIENT_ID);
    expect(row!.textContent).toContain('Readings (Observation) · Patients');
    expect(within(row!).getByTestId('smart-client-problem').textContent).toContain('This assertion was used before');
    const [hook] = await screen.findAllByTestId('subscription-row');
    expect(within(hook!).getByTestId('subscription-status').textContent).toBe('Failing');
    expect(hook!.textContent).toContain('Failed attempts: 3. Last: the system answered 503.');
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

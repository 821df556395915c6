// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asPeopleSocket, fakeSocket } from '../../realtime/fake-socket';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { gateway, GATEWAY_ID, OTHER_GATEWAY_ID, renderAsPatient } from './testing/render-gateways';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const kitchen = gateway({
  id: OTHER_GATEWAY_ID,
  displayName: 'Kitchen',
  status: 'pending',
  lastSeenAt: null,
  model: null,
  version: null,
});

describe('/gateways', () => {
  it('lists the patient’s gateways with status, last seen, model and version, linked to their pages', async () => {
    fakeFetch(({ path }) => (path === 'gateways.mine' ? ok([gateway(), kitchen]) : undefined));
    renderAsPatient('/gateways');
    const rows = await screen.findAllByTestId('gateway-row');
    expect(rows).toHaveLength(2);
    const [living, other] = rows as [HTMLElement, HTMLElement];
    expect(within(living).getByRole('link', { name: 'Living room' }).getAttribute('href')).toBe(
      '/gateways/Living%20room',
    );
    expect(within(living).getByTestId('gateway-status').textContent).toBe('Offline');
    const facts = within(living)
      .getAllByTestId('gateway-fact')
      .map((fact) => fact.textContent);
    expect(facts[0]).toMatch(/^Last seen Mar 1, 2026/);
    expect(facts).toContain('Raspberry Pi 4 Model B Rev 1.4');
    expect(facts).toContain('Agent version 0.1.0');
    expect(within(other).getByTestId('gateway-status').textContent).toBe('Waiting to connect');
    expect(within(other).getByText('Not seen yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up a gateway' }).getAttribute('href')).toBe(
      '/gateways/setup',
    );
  });

  it('follows gateway:status live, for its own gateways only', async () => {
    fakeFetch(({ path }) => (path === 'gateways.mine' ? ok([gateway()]) : undefined));
    const socket = fakeSocket();
    renderAsPatient('/gateways', { socket: asPeopleSocket(socket) });
    const status = within(await screen.findByTestId('gateway-row')).getByTestId('gateway-status');
    expect(status.dataset.status).toBe('offline');

    act(() =>
      socket.serverEmit('gateway:status', {
        patientId: 'p',
        gatewayId: GATEWAY_ID,
        status: 'online',
        lastSeenAt: '2026-03-02T09:30:00.000Z',
      }),
    );
    // The event is written into the cached list, which the page shows.
    await waitFor(() => expect(status.dataset.status).toBe('online'));
    expect(status.textContent).toBe('Online');
    expect(screen.getByTestId('gateway-row').textContent).toContain('Last seen Mar 2, 2026');

    act(() =>
      socket.serverEmit('gateway:status', {
        patientId: 'p',
        gatewayId: crypto.randomUUID(),
        status: 'offline',
        lastSeenAt: null,
      }),
    );
    // Whatever the cache would have shown is on screen after a tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(status.textContent).toBe('Online');
  });

  it('explains the two steps when there is no gateway yet', async () => {
    fakeFetch(({ path }) => (path === 'gateways.mine' ? ok([]) : undefined));
    renderAsPatient('/gateways');
    const empty = await screen.findByTestId('empty-state');
    expect(within(empty).getByRole('heading', { name: 'No gateways yet' })).toBeTruthy();
    const steps = within(empty).getAllByRole('listitem');
    expect(steps).toHaveLength(2);
    expect(steps[0]?.textContent).toContain('gateway-agent pair');
    expect(steps[1]?.textContent).toContain('type that MAC number or scan the QR code');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let failing = true;
    fakeFetch(({ path }) => {
      if (path !== 'gateways.mine') return undefined;
      return failing ? fail(500, 'unknown', 'Something went wrong.') : ok([gateway()]);
    });
    renderAsPatient('/gateways');
    expect(await screen.findByTestId('load-failed')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('gateway-row')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asPeopleSocket, fakeSocket } from '../../realtime/fake-socket';
import { sessionStore } from '../../session/session-store';
import { PatientGatewaysCard } from '../patients/snapshot/patient-gateways-card';
import { fakeFetch, ok } from '../signup/testing/harness';
import { device, gateway, GATEWAY_ID, OTHER_GATEWAY_ID, renderAsPatient } from './testing/render-gateways';

const PATIENT = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe("the snapshot's gateways and devices card", () => {
  it("shows the patient's gateways with their devices, online or offline live", async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'gateways.ofPatient' && (body as { patientId: string }).patientId === PATIENT)
        return ok([gateway(), gateway({ id: OTHER_GATEWAY_ID, displayName: 'Bedroom', status: 'online' })]);
      if (path === 'devices.ofPatient' && (body as { patientId: string }).patientId === PATIENT)
        return ok([device()]);
      return undefined;
    });
    const socket = fakeSocket();
    renderAsPatient('/p', {
      socket: asPeopleSocket(socket),
      routes: [{ path: '/p', element: <PatientGatewaysCard patientId={PATIENT} /> }],
    });
    const card = await screen.findByTestId('patient-gateways-card');
    const [living, bedroom] = (await within(card).findAllByTestId('patient-gateway')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(card).getByRole('heading', { name: 'Gateways and devices' })).toBeTruthy();
    expect(within(living).getByTestId('gateway-status').textContent).toBe('Offline');
    expect(living.textContent).toContain('Devices: Blood pressure cuff (Blood pressure)');
    expect(within(bedroom).getByTestId('gateway-status').textContent).toBe('Online');
    expect(bedroom.textContent).toContain('Devices: No devices.');
    expect(calls.map((c) => c.path).sort()).toEqual(['devices.ofPatient', 'gateways.ofPatient']);

    act(() =>
      socket.serverEmit('gateway:status', {
        patientId: PATIENT,
        gatewayId: GATEWAY_ID,
        status: 'online',
        lastSeenAt: '2026-03-02T09:00:00.000Z',
      }),
    );
    await waitFor(() => expect(within(living).getByTestId('gateway-status').textContent).toBe('Online'));
    expect(living.textContent).toContain('Last seen Mar 2, 2026');
  });

  it('says when the patient has no gateway', async () => {
    fakeFetch(({ path }) => (path.endsWith('.ofPatient') ? ok([]) : undefined));
    renderAsPatient('/p', { routes: [{ path: '/p', element: <PatientGatewaysCard patientId={PATIENT} /> }] });
    expect(await screen.findByText('No gateways.')).toBeTruthy();
  });
});

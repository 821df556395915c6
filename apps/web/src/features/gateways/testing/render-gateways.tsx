import type { Device, Gateway, NearbyDevice } from '@opencare/schemas/entities/gateways';
import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import { DEFAULT_PREFERENCES } from '@opencare/schemas/preferences';
import { ROLES } from '@opencare/schemas/roles';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { DataProvider } from '../../../api/data-provider';
import { testQueryClient } from '../../../testing/query-client';
import { AppErrorProvider } from '../../../components/app-error/app-error-provider';
import { NotificationsProvider } from '../../../components/notifications/notifications-provider';
import { RealtimeContext, type PeopleSocket } from '../../../realtime/realtime-context';
import { PreferencesProvider } from '../../../session/preferences-provider';
import { SessionContext, type SessionContextValue } from '../../../session/session-context';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { AddDevicePage } from '../../devices/add-device-page';
import { DeviceInfoPage } from '../../devices/device-info-page';
import { DevicesPage } from '../../devices/devices-page';
import { GatewayInfoPage } from '../gateway-info-page';
import { GatewaySetupPage } from '../gateway-setup-page';
import { GatewayWifiPage } from '../gateway-wifi-page';
import { GatewaysPage } from '../gateways-page';

export const GATEWAY_ID = '1b2c3d4e-5f60-4a71-8b92-a3b4c5d6e7f8';
export const OTHER_GATEWAY_ID = '2c3d4e5f-6071-4b82-9ca3-b4c5d6e7f809';
export const DEVICE_ID = '3d4e5f60-7182-4c93-8db4-c5d6e7f8091a';
export const BP_PROFILE_ID = '4e5f6071-8293-4da4-9ec5-d6e7f8091a2b';
export const BT_PROFILE_ID = '5f607182-93a4-4eb5-afd6-e7f8091a2b3c';

/** The patient's gateway and device screens, without the app's layout and guards. */
export const gatewayTestRoutes: RouteObject[] = [
  { path: '/gateways', element: <GatewaysPage /> },
  { path: '/gateways/setup', element: <GatewaySetupPage /> },
  { path: '/gateways/connect-to-wifi', element: <GatewayWifiPage /> },
  { path: '/gateways/:gatewayName', element: <GatewayInfoPage /> },
  { path: '/devices', element: <DevicesPage /> },
  { path: '/devices/add', element: <AddDevicePage /> },
  { path: '/devices/:deviceId', element: <DeviceInfoPage /> },
];

/** `routes` at `path` as a patient (a new account each time, so the per-account cache starts empty). */
export function renderAsPatient(
  path: string,
  options: { socket?: PeopleSocket; routes?: RouteObject[] } = {},
) {
  const account = makeAccount([ROLES.Patient]);
  const session: SessionContextValue = {
    state: { status: 'signed-in', user: makeUser([account]), account },
    login: vi.fn(() => Promise.resolve(null)),
    completeLogin: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    switchAccount: vi.fn(),
    makeDefault: vi.fn(() => Promise.resolve()),
    calendarDate: '2026-03-02',
    setCalendarDate: vi.fn(),
  };
  const router = createMemoryRouter(options.routes ?? gatewayTestRoutes, { initialEntries: [path] });
  const view = render(
    <PreferencesProvider initial={{ ...DEFAULT_PREFERENCES }}>
      <NotificationsProvider>
        <AppErrorProvider>
          <SessionContext value={session}>
            <DataProvider queryClient={testQueryClient()}>
              <RealtimeContext
                value={{ socket: options.socket ?? null, state: options.socket ? 'connected' : 'idle' }}
              >
                <RouterProvider router={router} />
              </RealtimeContext>
            </DataProvider>
          </SessionContext>
        </AppErrorProvider>
      </NotificationsProvider>
    </PreferencesProvider>,
  );
  return { router, account, ...view };
}

export function gateway(overrides: Partial<Gateway> = {}): Gateway {
  return {
    id: GATEWAY_ID,
    patientId: '00000000-0000-4000-8000-000000000999',
    displayName: 'Living room',
    serial: '10000000abcdef01',
    model: 'Raspberry Pi 4 Model B Rev 1.4',
    os: 'Debian GNU/Linux 12 (bookworm)',
    bluetoothVersion: '5.0',
    bluetoothAdapters: ['hci0'],
    macAddress: ['B827EB123456'],
    status: 'offline',
    publicIp: '203.0.113.7',
    localIp: '192.168.1.20',
    btAddress: 'B8:27:EB:65:43:21',
    version: '0.1.0',
    nxwId: null,
    lastSeenAt: '2026-03-01T14:00:00.000Z',
    addedAt: '2026-02-20T09:00:00.000Z',
    ...overrides,
  };
}

export function device(overrides: Partial<Device> = {}): Device {
  return {
    id: DEVICE_ID,
    patientId: '00000000-0000-4000-8000-000000000999',
    gatewayId: GATEWAY_ID,
    gatewayName: 'Living room',
    address: 'C4:7C:8D:6A:12:34',
    name: 'Blood pressure cuff',
    profileId: BP_PROFILE_ID,
    profileName: 'Blood Pressure (SIG)',
    measurement: 'bp',
    manufacturer: 'OpenCare Sim',
    batteryLevel: 87,
    lastReadingAt: '2026-03-01T14:05:00.000Z',
    addedAt: '2026-02-21T09:00:00.000Z',
    userSlot: null,
    ...overrides,
  };
}

export function nearby(overrides: Partial<NearbyDevice> = {}): NearbyDevice {
  return {
    address: 'C4:7C:8D:6A:12:34',
    name: 'BP Cuff',
    rssi: -55,
    signal: 'good',
    distanceM: 0.6,
    services: ['1810', '180A', '180F'],
    measurement: 'bp',
    ...overrides,
  };
}

export function profile(overrides: Partial<DeviceProfileVersion> = {}): DeviceProfileVersion {
  return {
    profileId: BP_PROFILE_ID,
    version: 1,
    profileName: 'Blood Pressure (SIG)',
    vendorId: null,
    measurement: 'bp',
    device: 'Blood pressure monitor',
    tasks: [],
    completedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';

/**
 * Every role against every people endpoint, on the demo patient's records: who is let in (2xx) and
 * who is refused (403). A row that lets in a role not listed fails.
 */
const ROLES = ['admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
type Role = (typeof ROLES)[number];

let t: TestEdge;
const tokens = {} as Record<Role, string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of ROLES) tokens[role] = (await t.login(role)).token;
  const patient = (await t.call('GET', '/api/v1/profile', { token: tokens.patient })).body.data;
  ids.patientUser = patient.userId;
  ids.patientAccount = patient.accountId;
});
afterAll(() => t.close());

let unique = 0;
const newUser = () => {
  unique += 1;
  return {
    username: `matrix${unique}`,
    email: `matrix${unique}@demo.opencare.test`,
    password: 'Matr1x!pass',
    role: 'Patient',
    accountType: 'pat',
    profile: { firstName: 'Mat', lastName: 'Rix' },
  };
};
/** A fresh user (made by the admin) for the destructive rows. */
async function throwawayUser(): Promise<Json> {
  return (await t.call('POST', '/api/v1/users', { token: tokens.admin, body: newUser() })).body.data;
}

interface Request {
  method: string;
  path: string;
  body?: unknown;
}
interface Row {
  name: string;
  allowed: Role[];
  request: () => Request | Promise<Request>;
}

const rows: Row[] = [
  { name: 'GET /profile', allowed: [...ROLES], request: () => ({ method: 'GET', path: '/api/v1/profile' }) },
  { name: 'GET /lookups', allowed: [...ROLES], request: () => ({ method: 'GET', path: '/api/v1/lookups' }) },
  { name: 'GET /users', allowed: ['admin'], request: () => ({ method: 'GET', path: '/api/v1/users' }) },
  { name: 'POST /users', allowed: ['admin'], request: () => ({ method: 'POST', path: '/api/v1/users', body: newUser() }) },
  { name: 'GET /users/:patient', allowed: ['admin', 'patient'], request: () => ({ method: 'GET', path: `/api/v1/users/${ids.patientUser}` }) },
  {
    name: 'PATCH /users/:patient',
    allowed: ['admin', 'patient'],
    request: () => ({ method: 'PATCH', path: `/api/v1/users/${ids.patientUser}`, body: { phone: '+1 555 999 0000' } }),
  },
  {
    name: 'DELETE /users/:id',
    allowed: ['admin'],
    request: async () => ({ method: 'DELETE', path: `/api/v1/users/${(await throwawayUser()).id}` }),
  },
  {
    name: 'GET /accounts?userId=:patient',
    allowed: ['admin', 'patient'],
    request: () => ({ method: 'GET', path: `/api/v1/accounts?userId=${ids.patientUser}` }),
  },
  {
    name: 'GET /accounts/:patient',
    allowed: ['admin', 'physician', 'nurse', 'assistant', 'patient'],
    request: () => ({ method: 'GET', path: `/api/v1/accounts/${ids.patientAccount}` }),
  },
  {
    name: 'GET /accounts/:patient/profile',
    allowed: ['admin', 'physician', 'nurse', 'assistant', 'patient'],
    request: () => ({ method: 'GET', path: `/api/v1/accounts/${ids.patientAccount}/profile` }),
  },
  {
    name: 'PATCH /accounts/:patient',
    allowed: ['admin', 'patient'],
    request: () => ({ method: 'PATCH', path: `/api/v1/accounts/${ids.patientAccount}`, body: { accountLabel: 'Home' } }),
  },
  {
    name: 'POST /accounts',
    allowed: ['admin'],
    request: async () => ({ method: 'POST', path: '/api/v1/accounts', body: { userId: (await throwawayUser()).id, accountType: 'car' } }),
  },
  {
    name: 'DELETE /accounts/:id',
    allowed: ['admin'],
    request: async () => {
      const user = await throwawayUser();
      const extra = await t.call('POST', '/api/v1/accounts', { token: tokens.admin, body: { userId: user.id, accountType: 'car' } });
      return { method: 'DELETE', path: `/api/v1/accounts/${extra.body.data.id}` };
    },
  },
  {
    name: 'GET /patients/:patient/gateways',
    allowed: ['physician', 'nurse', 'assistant', 'patient'],
    request: () => ({ method: 'GET', path: `/api/v1/patients/${ids.patientAccount}/gateways` }),
  },
  {
    name: 'GET /patients/:patient/devices',
    allowed: ['physician', 'nurse', 'assistant', 'patient'],
    request: () => ({ method: 'GET', path: `/api/v1/patients/${ids.patientAccount}/devices` }),
  },
  { name: 'GET /patients/me/gateways', allowed: ['patient', 'patient2'], request: () => ({ method: 'GET', path: '/api/v1/patients/me/gateways' }) },
  { name: 'GET /patients/me/devices', allowed: ['patient', 'patient2'], request: () => ({ method: 'GET', path: '/api/v1/patients/me/devices' }) },
];

describe('access matrix on the demo patient\'s records', () => {
  for (const row of rows) {
    it(`${row.name}: only ${row.allowed.join(', ')}`, async () => {
      const outcome: Record<string, number> = {};
      for (const role of ROLES) {
        const { method, path, body } = await row.request();
        outcome[role] = (await t.call(method, path, { token: tokens[role], body })).status;
      }
      const expected = Object.fromEntries(ROLES.map((role) => [role, row.allowed.includes(role) ? 'allowed' : 403]));
      const actual = Object.fromEntries(ROLES.map((role) => [role, outcome[role]! < 300 ? 'allowed' : outcome[role]]));
      expect(actual).toEqual(expected);
    });
  }
});

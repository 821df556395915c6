import { randomBytes, randomUUID } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { hashPassword } from '@opencare/api/auth/secrets';
import type { Database } from '@opencare/api/db/database';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { seedDemoReadings } from '@opencare/api/demo/demo-readings';
import { builtInProfilesByMeasurement } from '@opencare/api/device-profiles/device-profiles.repository';
import { insertDevice } from '@opencare/api/devices/devices.repository';
import { assignGateway, insertPendingGateway } from '@opencare/api/gateways/gateways.repository';
import { gatewaySecretHash } from '@opencare/api/gateways/gateways.service';
import { insertOrganisation } from '@opencare/api/organisations/organisations.repository';
import { insertUser } from '@opencare/api/users/users.repository';
import { lookupTypes } from '@opencare/schemas/lookups';
import { ROLES } from '@opencare/schemas/roles';
import { testDatabaseKind } from '@opencare/api/testing/env';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAppointmentWithVisit, workingDay, at } from '../testing/appointment-fixtures';
import { gatewayInfo, randomMac } from '../testing/gateway-fixtures';
import { restRoutes, socketEvents, trpcProcedures } from '../testing/route-catalogue';
import { ask, connected, socketClients } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';
import {
  MATRIX_ROLES,
  POLICIES,
  REST_POLICY,
  SOCKET_POLICY,
  TRPC_POLICY,
  coverage,
  type MatrixRole,
  type RecordKind,
  type RestEntry,
  type Target,
  type TrpcEntry,
} from './access-policy';

/**
 * Issue 8, test 3: every REST route, tRPC procedure and socket event × every role (and no token) ×
 * the caller's own record, another patient's of the same organisation and a patient of another
 * organisation, read from the routers (route-catalogue.ts) and checked against access-policy.ts.
 * A route without a policy fails the first test; a 2xx for a role the policy refuses fails the
 * matrix. About 4,400 requests: REST and sockets on PGlite and PostgreSQL, tRPC on PGlite (see there).
 */

type Person = Exclude<MatrixRole, 'anonymous'>;
const PEOPLE = MATRIX_ROLES.filter((r): r is Person => r !== 'anonymous');

let t: TestEdge;
const token = {} as Record<Person | 'admin2' | 'physician2' | 'patient3', string>;
/** Default account and user of each person; org2's admin, physician and patient. */
const account = {} as Record<string, string>;
const user = {} as Record<string, string>;
const org = {} as Record<'one' | 'two', string>;
const clients = socketClients();

const db = (): Database => t.edge.deps.db;
const today = () => new Date().toISOString().slice(0, 10);

async function signIn(name: string) {
  const { token: access, body } = await t.login(name);
  const def = (body.data.accounts as Json[]).find((a) => a.isDefault);
  return { access, accountId: def.id as string, userId: body.data.id as string };
}

/** A second organisation with its own admin, physician and patient, straight in the database. */
async function secondOrganisation() {
  org.two = await insertOrganisation(db(), `Second clinic ${randomBytes(3).toString('hex')}`);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [name, role, type] of [
    ['admin2', ROLES.Admin, 'prov'],
    ['physician2', ROLES.Physician, 'prov'],
    ['patient3', ROLES.Patient, 'pat'],
  ] as const) {
    const username = `${name}x${randomBytes(3).toString('hex')}`;
    const userId = await insertUser(db(), { username, email: `${username}@second.example.org`, passwordHash, isVerified: true });
    await insertAccount(db(), { userId, organisationId: org.two, accountType: type, isDefault: true }, { firstName: 'Sec', lastName: name }, [role]);
    const signed = await signIn(username);
    token[name] = signed.access;
    account[name] = signed.accountId;
    user[name] = signed.userId;
  }
  await seedDemoReadings(db(), org.two, [{ accountId: account.patient3!, everyNthDay: 3 }]);
}

const orgOf = (patient: string) => (patient === 'patient3' ? org.two : org.one);
const physicianOf = (patient: string) => (patient === 'patient3' ? 'physician2' : 'physician');

/** A gateway with one device, assigned to the patient. */
async function newGateway(patient: string): Promise<{ gatewayId: string; deviceId: string }> {
  const gateway = await insertPendingGateway(db(), {
    mac: randomMac(),
    pairingCodeHash: gatewaySecretHash(randomBytes(8).toString('hex')),
    displayName: 'Matrix gateway',
    info: gatewayInfo(),
  });
  if (!gateway) throw new Error('gateway insert failed');
  await assignGateway(db(), gateway.id, { organisationId: orgOf(patient), patientAccountId: account[patient]!, at: new Date() });
  const profiles = await builtInProfilesByMeasurement(db(), orgOf(patient));
  const profileId = [...profiles.values()][0]!;
  const address = newAddress();
  const deviceId = await insertDevice(db(), {
    organisationId: orgOf(patient),
    patientAccountId: account[patient]!,
    gatewayId: gateway.id,
    address,
    name: 'Matrix cuff',
    profileId,
  });
  return { gatewayId: gateway.id, deviceId: typeof deviceId === 'string' ? deviceId : (deviceId as Json).id };
}

function newAddress(): string {
  return randomBytes(6).toString('hex').toUpperCase().match(/../g)!.join(':');
}

/** A 1×1 PNG, base64. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let day = 0;
async function newAppointment(patient: string, type: 'pv' | 'tv' = 'pv') {
  day += 1;
  return insertAppointmentWithVisit(db(), {
    organisationId: orgOf(patient),
    patientAccountId: account[patient]!,
    providerAccountId: account[physicianOf(patient)]!,
    startsAt: new Date(Date.parse(at(workingDay(1 + (day % 20)), '09:00')) + day * 60_000),
    type,
  });
}

function created(res: { status: number; body: Json }, what: string): string {
  if (res.status >= 300) throw new Error(`fixture ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}
const newSchedule = (patient: string) =>
  t
    .call('POST', '/api/v1/schedules', {
      token: token[physicianOf(patient) as Person],
      body: { patientId: account[patient], type: 'bp', startDate: today(), frequency: 'daily', times: ['09:00'] },
    })
    .then((res) => created(res, 'schedule'));
const newTask = (patient: string) =>
  t
    .call('POST', '/api/v1/tasks', {
      token: token[physicianOf(patient) as Person],
      body: { patientId: account[patient], type: 'bp', date: today(), time: '23:00' },
    })
    .then((res) => created(res, 'task'));
const newThread = (patient: string) =>
  t
    .call('POST', '/api/v1/mail/threads', { token: token[patient as Person], body: { subject: 'Matrix', body: 'Hello team' } })
    .then((res) => created(res, 'thread'));
let unique = 0;
const uniq = () => `${Date.now().toString(36)}${(unique += 1)}`;
const adminOf = (organisation: 'one' | 'two') => token[organisation === 'one' ? 'admin' : 'admin2'];
const newInvitation = (o: 'one' | 'two') =>
  t
    .call('POST', '/api/v1/invitations', { token: adminOf(o), body: { email: `inv${uniq()}@matrix.test`, role: 'Nurse', accountType: 'prov' } })
    .then((res) => created(res, 'invitation'));
const newVendor = (o: 'one' | 'two') =>
  t.call('POST', '/api/v1/vendors', { token: adminOf(o), body: { vendorName: `Vendor ${uniq()}` } }).then((res) => created(res, 'vendor'));
const newApiKey = (o: 'one' | 'two') =>
  t.call('POST', '/api/v1/api-keys', { token: adminOf(o), body: { name: `Key ${uniq()}` } }).then((res) => created(res, 'api key'));
async function someDeviceProfile(o: 'one' | 'two'): Promise<string> {
  const res = await t.call('POST', '/api/v1/device-profiles', { token: adminOf(o), body: {} });
  if (res.status < 300) return res.body.data.id;
  return firstId(sql`select id from device_profiles where organisation_id = ${org[o]} limit 1`);
}
async function firstId(query: ReturnType<typeof sql>): Promise<string> {
  // PGlite answers { rows }, node-postgres through drizzle the same; either way a list of { id }.
  const rows: Json = await db().execute(query);
  const list: { id: string }[] = rows.rows ?? rows;
  if (!list[0]) throw new Error('fixture query found nothing');
  return list[0].id;
}
/** A throw-away user and account (made by the organisation's admin) for the destructive rows. */
async function throwawayPerson(o: 'one' | 'two') {
  const n = uniq();
  const res = await t.call('POST', '/api/v1/users', {
    token: adminOf(o),
    body: { username: `matrix${n}`, email: `matrix${n}@matrix.test`, password: 'Matr1x!pass', role: 'Patient', accountType: 'pat', profile: { firstName: 'Mat', lastName: 'Rix' } },
  });
  const userId = created(res, 'user');
  const accounts = await t.call('GET', `/api/v1/accounts?userId=${userId}`, { token: adminOf(o) });
  return { userId, accountId: accounts.body.data[0].id as string };
}

/** The patient whose record a target is, for a caller; undefined when the caller has no such record. */
function patientFor(role: MatrixRole, target: Target): string | undefined {
  if (target === 'own') return role === 'patient' || role === 'patient2' ? role : undefined;
  if (target === 'otherOrg') return 'patient3';
  return role === 'patient' ? 'patient2' : 'patient';
}

/** Shared (non-destructive) records of each patient, made once. */
const shared: Record<string, Record<string, string>> = {};
async function recordOf(kind: RecordKind, role: MatrixRole, target: Target, fresh: boolean): Promise<string | undefined> {
  if (kind === 'none') return undefined;
  if (kind === 'unfixtured') return randomUUID();
  const o = target === 'otherOrg' ? 'two' : 'one';
  switch (kind) {
    case 'user':
    case 'account': {
      let who: string | undefined;
      if (target === 'own') who = role === 'anonymous' ? undefined : role;
      else who = patientFor(role, target);
      if (!who) return undefined;
      if (fresh && target !== 'own') {
        const person = await throwawayPerson(o);
        return kind === 'user' ? person.userId : person.accountId;
      }
      return kind === 'user' ? user[who] : account[who];
    }
    case 'provider': {
      if (target === 'own') return role === 'physician' || role === 'nurse' || role === 'assistant' ? account[role] : undefined;
      if (target === 'otherOrg') return account.physician2;
      return account[role === 'physician' ? 'nurse' : 'physician'];
    }
    case 'session': {
      if (target === 'own') return undefined; // made per case from the caller's fresh sign-in
      const who = target === 'otherOrg' ? 'patient3' : patientFor(role, target)!;
      return firstId(sql`select id from sessions where account_id = ${account[who]} limit 1`).catch(() =>
        firstId(sql`select s.id from sessions s join accounts a on a.user_id = s.user_id where a.id = ${account[who]} limit 1`),
      );
    }
    case 'invitation':
    case 'vendor':
    case 'apiKey':
    case 'deviceProfile': {
      if (target === 'own') return undefined;
      const key = `${kind}:${o}`;
      if (!fresh && shared.org?.[key]) return shared.org[key];
      const id =
        kind === 'invitation' ? await newInvitation(o) : kind === 'vendor' ? await newVendor(o) : kind === 'apiKey' ? await newApiKey(o) : await someDeviceProfile(o);
      if (!fresh) (shared.org ??= {})[key] = id;
      return id;
    }
    default: {
      const patient = patientFor(role, target);
      if (!patient) return undefined;
      if (kind === 'patient') return account[patient];
      const mine = (shared[patient] ??= {});
      if (!fresh && mine[kind]) return mine[kind];
      let id: string;
      switch (kind) {
        case 'measurement':
          id = await firstId(sql`select id from measurements where patient_account_id = ${account[patient]} limit 1`);
          break;
        case 'gateway':
          id = (await newGateway(patient)).gatewayId;
          break;
        case 'device':
          id = (await newGateway(patient)).deviceId;
          break;
        case 'appointment':
          id = (await newAppointment(patient)).appointmentId;
          break;
        case 'visit':
          id = (await newAppointment(patient)).visitId;
          break;
        case 'schedule':
          id = await newSchedule(patient);
          break;
        case 'task':
          id = await newTask(patient);
          break;
        case 'thread':
          id = await newThread(patient);
          break;
        case 'file':
          id = created(
            await t.call('POST', '/api/v1/files', { token: token[patient as Person], body: { contentType: 'image/png', data: PNG_1PX } }),
            'photo',
          );
          break;
        case 'telehealthInvitation': {
          const { visitId } = await newAppointment(patient, 'tv');
          id = created(
            await t.call('POST', '/api/v1/telehealth-invitations', {
              token: token[physicianOf(patient) as Person],
              body: { visitId, fullName: 'Guest', email: `g${uniq()}@matrix.test` },
            }),
            'telehealth invitation',
          );
          break;
        }
        default:
          throw new Error(`no fixture for ${String(kind)}`);
      }
      if (!fresh) mine[kind] = id;
      return id;
    }
  }
}

/** The targets a kind has: a route naming no record has one case per role. */
const targetsOf = (kind: RecordKind): Target[] => (kind === 'none' || kind === 'unfixtured' ? ['none'] : ['own', 'sameOrg', 'otherOrg']);

interface Built {
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  id?: string;
}

/** A valid body (and query) per write, so the request reaches the access check. */
async function sample(key: string, role: MatrixRole, target: Target, id: string | undefined): Promise<Omit<Built, 'path'>> {
  const patient = patientFor(role, target);
  const patientId = patient ? account[patient] : account.patient;
  const future = at(workingDay(3), '10:00');
  const samples: Record<string, () => Omit<Built, 'path'> | Promise<Omit<Built, 'path'>>> = {
    'POST /api/v1/auth/login': () => ({ body: { username: 'patient2', password: DEMO_PASSWORD } }),
    'POST /api/v1/auth/change-password': () => ({ body: { currentPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, passwordConfirmation: DEMO_PASSWORD } }),
    'POST /api/v1/auth/email-check': () => ({ body: { email: 'someone@matrix.test' } }),
    'POST /api/v1/auth/password-reset/request': () => ({ body: { login: 'nobody@matrix.test' } }),
    'POST /api/v1/auth/login/two-factor': () => ({ body: { challengeToken: 'not-a-live-challenge', code: '123456' } }),
    'POST /api/v1/auth/login/two-factor/setup': () => ({ body: { challengeToken: 'not-a-live-challenge' } }),
    'POST /api/v1/auth/login/two-factor/enrol': () => ({ body: { challengeToken: 'not-a-live-challenge', code: '123456' } }),
    'POST /api/v1/auth/two-factor/confirm': () => ({ body: { code: '123456' } }),
    'POST /api/v1/auth/two-factor/disable': () => ({ body: { password: DEMO_PASSWORD, code: '123456' } }),
    'POST /api/v1/auth/two-factor/recovery-codes': () => ({ body: { code: '123456' } }),
    'POST /api/v1/auth/signup/resend-verification': () => ({ body: { email: 'someone@matrix.test' } }),
    'PATCH /api/v1/profile': () => ({ body: { phone: '+1 555 010 0000' } }),
    'POST /api/v1/accounts': () => ({ body: { userId: id, accountType: 'car' } }),
    'PATCH /api/v1/accounts/:id': () => ({ body: { accountLabel: 'Home' } }),
    'POST /api/v1/users': () => {
      const n = uniq();
      return { body: { username: `m${n}`, email: `m${n}@matrix.test`, password: 'Matr1x!pass', role: 'Patient', accountType: 'pat', profile: { firstName: 'M', lastName: 'R' } } };
    },
    'PATCH /api/v1/users/:id': () => ({ body: { phone: '+1 555 010 0000' } }),
    'PATCH /api/v1/patients/:id': () => ({ body: { medications: [] } }),
    'GET /api/v1/patients/:id/series': () => ({ query: { type: 'bp' } }),
    'GET /api/v1/measurements': () => ({ query: { patient: id! } }),
    'GET /api/v1/fhir/R4/Observation': () => ({ query: { patient: id! } }),
    'GET /api/v1/tasks': () => ({ query: { from: today(), to: today(), patient: id! } }),
    'GET /api/v1/tasks/patients/:id': () => ({ query: { from: today(), to: today() } }),
    'POST /api/v1/vendors/:id/ouis': () => ({ body: { oui: 'EA:E0:AA' } }),
    'POST /api/v1/vendors/:id/company-identifiers': () => ({ body: { companyIdentifier: '0x0CA5' } }),
    'POST /api/v1/gateways/:id/wifi': () => ({ body: { ssid: 'Home', password: 'correct-horse' } }),
    'GET /api/v1/billing/rpm': () => ({ query: { month: today().slice(0, 7) } }),
    'GET /api/v1/appointments/slots': () => ({ query: { date: workingDay(2) } }),
    'GET /api/v1/appointments/dates': () => ({ query: { from: today(), to: workingDay(5) } }),
    'PATCH /api/v1/settings/:area': () => ({ body: { timezone: 'America/New_York' } }),
    'POST /api/v1/devices': async () => {
      const owner = patient ?? 'patient';
      const { gatewayId } = await newGateway(owner);
      const profileId = [...(await builtInProfilesByMeasurement(db(), orgOf(owner))).values()][0];
      return { body: { gatewayId, address: newAddress(), name: 'Cuff', profileId } };
    },
    'POST /api/v1/patients/:id/gateways': async () => {
      const mac = randomMac();
      const pairingCode = 'MATRIX' + randomBytes(3).toString('hex').toUpperCase();
      await insertPendingGateway(db(), { mac, pairingCodeHash: gatewaySecretHash(pairingCode), displayName: 'New gateway', info: gatewayInfo() });
      return { body: { mac, pairingCode } };
    },
    'POST /api/v1/files': () => ({ body: { contentType: 'image/png', data: PNG_1PX } }),
    'POST /api/v1/visits/:id/captures': () => ({ body: { contentType: 'image/png', data: PNG_1PX, caption: 'Matrix' } }),
    'POST /api/v1/measurements': () => ({ body: { type: 'bp', values: { systolic: 120, diastolic: 80, pulse: 70 } } }),
    'PUT /api/v1/patients/:id/thresholds/:type': () => ({ body: { limits: {} } }),
    'POST /api/v1/schedules': () => ({ body: { patientId, type: 'bp', startDate: today(), frequency: 'daily', times: ['08:00'] } }),
    'PATCH /api/v1/schedules/:id': () => ({ body: { notifyByEmail: false } }),
    'POST /api/v1/tasks': () => ({ body: { patientId, type: 'bp', date: today(), time: '22:00' } }),
    'PATCH /api/v1/tasks/:id': () => ({ body: { status: 'pending' } }),
    'POST /api/v1/api-keys': () => ({ body: { name: `Key ${uniq()}` } }),
    'POST /api/v1/invitations': () => ({ body: { email: `i${uniq()}@matrix.test`, role: 'Nurse', accountType: 'prov' } }),
    'POST /api/v1/vendors': () => ({ body: { vendorName: `Vendor ${uniq()}` } }),
    'PATCH /api/v1/vendors/:id': () => ({ body: { vendorName: `Vendor ${uniq()}` } }),
    'PATCH /api/v1/gateways/:id': () => ({ body: { displayName: 'Hall' } }),
    'POST /api/v1/gateways/:id/scan': () => ({ body: { seconds: 5 } }),
    'PATCH /api/v1/devices/:id': () => ({ body: { name: 'Cuff' } }),
    'POST /api/v1/mail/threads': () => ({
      body: target === 'own' ? { subject: 'Hi', body: 'Hello' } : { patientAccountId: patientId, subject: 'Hi', body: 'Hello' },
    }),
    'POST /api/v1/mail/threads/:id/messages': () => ({ body: { body: 'Reply' } }),
    'POST /api/v1/appointments': () => ({ body: { providerId: account.physician, patientId, type: 'pv', startsAt: future } }),
    'PATCH /api/v1/appointments/:id': () => ({ body: { startsAt: future } }),
    'PATCH /api/v1/appointments/:id/cancel': () => ({ body: { reason: 'other', note: 'Matrix' } }),
    'POST /api/v1/visits': () => ({ body: { patientId, type: 'pv', startsAt: at(workingDay(-1), '10:00') } }),
    'POST /api/v1/visits/:id/complete': () => ({ body: { summary: 'Fine', notes: 'Fine' } }),
    'POST /api/v1/visits/:id/participants/join': () => ({ body: { deviceId: `device-${uniq()}` } }),
    'POST /api/v1/visits/:id/participants/leave': () => ({ body: { deviceId: 'device-leave' } }),
    'POST /api/v1/telehealth-invitations': () => ({ body: { visitId: id, fullName: 'Guest', email: `g${uniq()}@matrix.test` } }),
    'POST /api/v1/logs': () => ({ body: { message: 'matrix', level: 'error' } }),
  };
  return (await samples[key]?.()) ?? {};
}

/** The path with its params filled for the target. */
function fill(url: string, id: string | undefined): string {
  return url
    .replace(':id', id ?? randomUUID())
    .replace(':type', url.includes('thresholds') ? 'bp' : lookupTypes[0]!)
    .replace(':value', url.includes('ouis') ? 'EA:E0:AA' : '0x0CA5')
    .replace(':name', 'someone')
    .replace(':area', 'organization')
    .replace(':code', 'abc-defg-hij');
}

type Verdict = 'allowed' | 'refused' | 'validation' | 'other';
const verdictOf = (status: number): Verdict =>
  status < 300 ? 'allowed' : status === 401 || status === 403 || status === 404 ? 'refused' : status === 400 || status === 422 ? 'validation' : 'other';

interface Tally {
  cases: number;
  reached: number;
  validation: number;
  unfixtured: number;
  wrongfulAllows: string[];
  wrongfulRefusals: string[];
  serverErrors: string[];
  /** Entries with cases stopped by validation, and how many. */
  stoppedBy: Record<string, number>;
}
const tally = (): Tally => ({ cases: 0, reached: 0, validation: 0, unfixtured: 0, wrongfulAllows: [], wrongfulRefusals: [], serverErrors: [], stoppedBy: {} });

function record(into: Tally, label: string, entry: RestEntry, role: MatrixRole, target: Target, status: number, body: Json) {
  into.cases += 1;
  const verdict = verdictOf(status);
  const allowed = POLICIES[entry.policy](role, target);
  if (entry.kind === 'unfixtured') into.unfixtured += 1;
  if (verdict === 'validation') {
    into.validation += 1;
    into.stoppedBy[label] = (into.stoppedBy[label] ?? 0) + 1;
  }
  else into.reached += 1;
  const line = `${label} as ${role} on ${target}: ${status} ${JSON.stringify(body?.error?.key ?? body?.key ?? body?.error?.data?.key ?? '')}${body?.join ? ` (REST join: ${body.join})` : ''}`;
  if (status >= 500) into.serverErrors.push(line);
  if (verdict === 'allowed' && !allowed) into.wrongfulAllows.push(line);
  if (allowed && (status === 401 || status === 403)) into.wrongfulRefusals.push(line);
}

function report(name: string, routes: number, into: Tally) {
  if (into.wrongfulAllows.length) console.log(`[access matrix] ${name} WRONGFUL ALLOWS:\n  ${into.wrongfulAllows.join('\n  ')}`);
  console.log(
    `[access matrix] ${name} stopped by validation: ${Object.entries(into.stoppedBy).map(([k, n]) => `${k} ×${n}`).join('; ') || 'none'}`,
  );
  console.log(
    `[access matrix] ${name}: ${routes} entries, ${into.cases} cases, ${into.reached} reached the access check, ${into.validation} stopped by validation (400/422), ${into.unfixtured} on a record kind without fixture (random id), wrongful allows ${into.wrongfulAllows.length}, wrongful refusals ${into.wrongfulRefusals.length}, 5xx ${into.serverErrors.length}`,
  );
}

async function tokenFor(role: MatrixRole, entry: RestEntry): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  return entry.session ? (await signIn(role)).access : token[role];
}

/** Ends the caller's session or changes the password: put the role's shared token back. */
async function afterSession(role: MatrixRole) {
  if (role !== 'anonymous') token[role] = (await signIn(role)).access;
}

let restCatalogue: string[] = [];
let trpcCatalogue: string[] = [];
let socketCatalogue: string[] = [];

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of PEOPLE) {
    const signed = await signIn(role);
    token[role] = signed.access;
    account[role] = signed.accountId;
    user[role] = signed.userId;
  }
  org.one = (await t.call('GET', '/api/v1/profile', { token: token.admin })).body.data.organisationId ?? '';
  if (!org.one) org.one = await firstId(sql`select organisation_id as id from accounts where id = ${account.admin}`);
  await secondOrganisation();
  restCatalogue = (await restRoutes(t.edge.deps)).map((r) => `${r.method} ${r.url}`);
  trpcCatalogue = trpcProcedures().map((p) => `trpc ${p.path}`);
  const probe = await connected(clients.open(t.url, { token: token.patient }));
  socketCatalogue = socketEvents(t, probe).map((name) => `socket ${name}`);
  probe.disconnect();
}, 120_000);
afterAll(async () => {
  clients.closeAll();
  await t.close();
});

describe('access policy covers the routers', () => {
  it('every REST route, tRPC procedure and socket event has a policy entry, and every entry a route', () => {
    const rest = coverage(restCatalogue, REST_POLICY);
    const trpc = coverage(trpcCatalogue, TRPC_POLICY);
    const sockets = coverage(socketCatalogue, SOCKET_POLICY);
    const twinsMissing = Object.entries(TRPC_POLICY)
      .filter(([, entry]) => !(entry.twin in REST_POLICY))
      .map(([key, entry]) => `${key} → ${entry.twin}`);
    console.log(`[access matrix] catalogue: ${restCatalogue.length} REST routes, ${trpcCatalogue.length} tRPC procedures, ${socketCatalogue.length} socket events`);
    expect({ rest, trpc, sockets, twinsMissing }).toEqual({
      rest: { missing: [], stale: [] },
      trpc: { missing: [], stale: [] },
      sockets: { missing: [], stale: [] },
      twinsMissing: [],
    });
    expect(restCatalogue.length).toBeGreaterThan(100);
    expect(socketCatalogue.length).toBeGreaterThan(0);
  });
});

async function restCase(key: string, entry: RestEntry, role: MatrixRole, target: Target) {
  const [method, url] = key.split(' ') as [string, string];
  const fresh = Boolean(entry.destructive);
  const kind = entry.kind ?? 'none';
  let id: string | undefined;
  const access = await tokenFor(role, entry);
  if (kind === 'session' && target === 'own') {
    id = await firstId(sql`select id from sessions order by created_at desc limit 1`);
  } else id = await recordOf(kind, role, target, fresh);
  if (kind !== 'none' && kind !== 'unfixtured' && !id) return undefined;
  const built = await sample(key, role, target, id);
  const path = fill(url, id) + (built.query ? `?${new URLSearchParams(built.query).toString()}` : '');
  const res = await t.call(method, path, { token: access, body: built.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}) });
  if (entry.session) await afterSession(role);
  return res;
}

describe('REST access matrix', () => {
  it('no role is let in where the policy refuses', async () => {
    const into = tally();
    // Destructive rows run last, on throw-away records.
    const keys = Object.keys(REST_POLICY).sort((a, b) => Number(Boolean(REST_POLICY[a]!.destructive)) - Number(Boolean(REST_POLICY[b]!.destructive)));
    for (const key of keys) {
      const entry = REST_POLICY[key]!;
      if (key === 'POST /api/v1/auth/logout-everywhere') continue; // below: it ends every session of the role
      for (const role of MATRIX_ROLES) {
        for (const target of targetsOf(entry.kind ?? 'none')) {
          const res = await restCase(key, entry, role, role === 'anonymous' && target !== 'none' ? 'sameOrg' : target);
          if (res) record(into, key, entry, role, role === 'anonymous' && target !== 'none' ? 'sameOrg' : target, res.status, res.body);
        }
      }
    }
    report('REST', Object.keys(REST_POLICY).length, into);
    if (into.wrongfulRefusals.length) console.log(`[access matrix] REST wrongful refusals:\n  ${into.wrongfulRefusals.join('\n  ')}`);
    expect(into.serverErrors).toEqual([]);
    expect(into.wrongfulAllows).toEqual([]);
    expect(into.wrongfulRefusals).toEqual([]);
  }, 600_000);
});

function trpcInput(entry: TrpcEntry, twin: string, id: string | undefined, built: Omit<Built, 'path'>): unknown {
  const body = (built.body ?? {}) as Record<string, unknown>;
  switch (entry.input) {
    case 'none':
      return undefined;
    case 'body':
      return built.body ?? {};
    case 'query':
      return built.query ?? {};
    case 'id':
      return { id };
    case 'idChanges':
      return { id, changes: body };
    case 'idValues':
      return { id, values: body };
    case 'idSpread':
      return { id, ...body };
    case 'idQuery':
      return { id, query: built.query ?? {} };
    case 'idCancel':
      return { id, cancel: body };
    case 'patientId':
      return { patientId: id };
    case 'providerId':
      return { providerId: id };
    case 'code':
      return { code: 'abc-defg-hij' };
    case 'idValue':
      return { id, value: twin.includes('ouis') ? 'EA:E0:AA' : '0x0CA5' };
    case 'patientSpread':
      return { patientId: id, ...body };
    case 'patientType':
      return { patientId: id, type: 'bp' };
    case 'patientTypeLimits':
      return { patientId: id, type: 'bp', ...body };
    case 'threadId':
      return { threadId: id, ...body };
    case 'visitId':
      return { visitId: id };
    case 'area':
      return { area: 'organization' };
    case 'areaValues':
      return { area: 'organization', values: body };
    case 'name':
      return { name: 'someone' };
    case 'type':
      return { type: lookupTypes[0] };
  }
}

// The tRPC procedures call the same services as their REST twins; the database kind changes nothing
// in how a procedure reaches them, so this half of the matrix (about 2,000 requests, minutes on a
// loaded CI runner) runs on PGlite only. REST and sockets run on both kinds.
if (testDatabaseKind === 'pglite') describe('tRPC access matrix', () => {
  it('no role is let in where the twin REST route\'s policy refuses', async () => {
    const into = tally();
    const keys = Object.keys(TRPC_POLICY).sort(
      (a, b) => Number(Boolean(REST_POLICY[TRPC_POLICY[a]!.twin]!.destructive)) - Number(Boolean(REST_POLICY[TRPC_POLICY[b]!.twin]!.destructive)),
    );
    const types = new Map(trpcProcedures().map((p) => [`trpc ${p.path}`, p.type]));
    for (const key of keys) {
      const entry = TRPC_POLICY[key]!;
      const rest = REST_POLICY[entry.twin]!;
      if (key === 'trpc auth.logoutEverywhere') continue;
      for (const role of MATRIX_ROLES) {
        for (const t0 of targetsOf(rest.kind ?? 'none')) {
          const target = role === 'anonymous' && t0 !== 'none' ? 'sameOrg' : t0;
          const kind = rest.kind ?? 'none';
          const access = await tokenFor(role, rest);
          const id = kind === 'session' && target === 'own' ? await firstId(sql`select id from sessions order by created_at desc limit 1`) : await recordOf(kind, role, target, Boolean(rest.destructive));
          if (kind !== 'none' && kind !== 'unfixtured' && !id) continue;
          const input = trpcInput(entry, entry.twin, id, await sample(entry.twin, role, target, id));
          const path = key.slice('trpc '.length);
          const headers: Record<string, string> = access ? { authorization: `Bearer ${access}` } : {};
          const res =
            types.get(key) === 'query'
              ? await t.call('GET', `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
              : await t.call('POST', `/trpc/${path}`, { headers, body: input ?? {} });
          if (rest.session) await afterSession(role);
          record(into, key, rest, role, target, res.status, res.body);
        }
      }
    }
    report('tRPC', Object.keys(TRPC_POLICY).length, into);
    if (into.wrongfulRefusals.length) console.log(`[access matrix] tRPC wrongful refusals:\n  ${into.wrongfulRefusals.join('\n  ')}`);
    expect(into.serverErrors).toEqual([]);
    expect(into.wrongfulAllows).toEqual([]);
    expect(into.wrongfulRefusals).toEqual([]);
  }, 600_000);
});

describe('socket access matrix', () => {
  it('no person is let in where the policy refuses', async () => {
    const into = tally();
    for (const [key, entry] of Object.entries(SOCKET_POLICY)) {
      const event = key.slice('socket '.length);
      for (const role of PEOPLE) {
        const socket = await connected(clients.open(t.url, { token: token[role] }));
        for (const target of targetsOf(entry.kind ?? 'none')) {
          // Visits are entered while they are on: a telehealth visit starting now, per patient.
          const visitPatient = patientFor(role, target);
          const id =
            entry.kind === 'visit'
              ? visitPatient &&
                (await insertAppointmentWithVisit(db(), {
                  organisationId: orgOf(visitPatient),
                  patientAccountId: account[visitPatient]!,
                  providerAccountId: account[physicianOf(visitPatient)]!,
                  startsAt: new Date(),
                  type: 'tv',
                })).visitId
              : await recordOf(entry.kind ?? 'none', role, target, false);
          if (entry.kind !== 'none' && !id) continue;
          // A visit's room is entered from a device that joined over REST first (its policy is that route's).
          const joined = !event.startsWith('visit:') ? null : (await t.call('POST', `/api/v1/visits/${id}/participants/join`, { token: token[role], body: { deviceId: 'device-a' } })).body?.key ?? 'joined';
          if (event === 'visit:signal') {
            // Signals go between devices that joined and entered: this one enters, a second one joins.
            const other = role === 'patient' || role === 'patient2' ? physicianOf(visitPatient!) : visitPatient!;
            await t.call('POST', `/api/v1/visits/${id}/participants/join`, { token: token[other as Person], body: { deviceId: 'device-b' } });
            await ask(socket, 'visit:enter', { visitId: id, deviceId: 'device-a' });
          }
          const payload =
            event === 'session:whoami'
              ? {}
              : event.startsWith('patient:')
                ? { patientId: id }
                : event === 'visit:signal'
                  ? { visitId: id, toDeviceId: 'device-b', signal: { renegotiate: true } }
                  : event === 'visit:exit'
                    ? { visitId: id }
                    : { visitId: id, deviceId: 'device-a' };
          const ack = (await ask(socket, event as never, payload)) as Json;
          // An ack with data is an allow; an error's key says why it was refused.
          const status = ack && 'data' in ack ? 200 : ack?.error === 'validationFailed' ? 400 : 403;
          record(into, key, entry, role, target, status, { key: ack?.error, join: joined });
        }
        socket.disconnect();
      }
      // No token: the handshake itself is refused, so no event is ever heard.
      const anonymous = clients.open(t.url, {});
      const refused = await connected(anonymous).then(
        () => false,
        () => true,
      );
      record(into, key, entry, 'anonymous', 'none', refused ? 401 : 200, null);
    }
    report('sockets', Object.keys(SOCKET_POLICY).length, into);
    if (into.wrongfulRefusals.length) console.log(`[access matrix] socket wrongful refusals:\n  ${into.wrongfulRefusals.join('\n  ')}`);
    expect(into.serverErrors).toEqual([]);
    expect(into.wrongfulAllows).toEqual([]);
    expect(into.wrongfulRefusals).toEqual([]);
  }, 300_000);
});

describe('signing out everywhere', () => {
  it('is open to every signed-in person and to no-one without a token', async () => {
    const into = tally();
    for (const key of ['POST /api/v1/auth/logout-everywhere', 'trpc auth.logoutEverywhere']) {
      const entry = REST_POLICY['POST /api/v1/auth/logout-everywhere']!;
      for (const role of MATRIX_ROLES) {
        const access = await tokenFor(role, entry);
        const res = key.startsWith('trpc')
          ? await t.call('POST', '/trpc/auth.logoutEverywhere', { headers: access ? { authorization: `Bearer ${access}` } : undefined, body: {} })
          : await t.call('POST', '/api/v1/auth/logout-everywhere', { token: access, body: {} });
        await afterSession(role);
        record(into, key, entry, role, 'none', res.status, res.body);
      }
    }
    expect(into.wrongfulAllows).toEqual([]);
    expect(into.wrongfulRefusals).toEqual([]);
  }, 120_000);
});

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
import { ERRORS, isErrorKey } from '@opencare/schemas/errors';
import { lookupTypes } from '@opencare/schemas/lookups';
import { ROLES } from '@opencare/schemas/roles';
import { testDatabaseKind } from '@opencare/api/testing/env';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admitAutomatically, insertAppointmentWithVisit, workingDay, at } from '../testing/appointment-fixtures';
import { agentAsk, agentClients, agentOutcome, gatewayInfo, pairGateway, randomMac } from '../testing/gateway-fixtures';
import { changes, idsOwnedBy, leakedIds, rowsOf, snapshot, type Owners, type Snapshot } from '../testing/matrix-evidence';
import { restRoutes, socketEvents, trpcProcedures } from '../testing/route-catalogue';
import { ask, connected, outcome, socketClients } from '../testing/socket-clients';
import { startTestEdge, type Json, type TestEdge } from '../testing/test-edge';
import {
  API_KEY_READS,
  GATEWAY_EVENT_POLICY,
  GUEST_SOCKET_POLICY,
  MATRIX_ROLES,
  POLICIES,
  callerMay,
  gatewayMay,
  type CallerKind,
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
const token = {} as Record<Person | 'admin2' | 'physician2' | 'patient3' | 'carePatient', string>;
/**
 * Who calls, as the fixtures see them: a role of the matrix, or `carePatient` — the caregiver user
 * switched to their own patient account with `x-account-id` (issue 15: account switching).
 */
type Caller = MatrixRole | 'carePatient';
/** Headers a caller sends beside its token (the caregiver's switch to their patient account). */
const extraHeaders: Record<string, Record<string, string>> = {};
const as = (who: string) => ({ token: token[who as Person], headers: extraHeaders[who] });
/** Default account and user of each person; org2's admin, physician and patient. */
const account = {} as Record<string, string>;
const user = {} as Record<string, string>;
const org = {} as Record<'one' | 'two', string>;
/** The second organisation's usernames (signed in again when tokens age). */
const usernames: Record<string, string> = {};
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
    usernames[name] = username;
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
    .call('POST', '/api/v1/mail/threads', { ...as(patient), body: { subject: 'Matrix', body: 'Hello team' } })
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
/** A public key as a SMART client registers it (a real P-384 public key; the matrix never signs with it). */
const SMART_JWKS = {
  keys: [{ kty: 'EC', kid: 'matrix', alg: 'ES384', crv: 'P-384', x: 'YFV95qJ5XCiovEG3d0m3Z8FTuRPOMQ7W-QWRZioeFLzoQ_fypVBMFNxVzYaidmfJ', y: 'I4Rp9bjbZKxUjscxJu-8KKbrsq604GkxbnCYsSlhSzLYtQsgcHfZzj_kbo_vgFaT' }],
};
const newSmartClient = (o: 'one' | 'two') =>
  t.call('POST', '/api/v1/smart-clients', { token: adminOf(o), body: { name: `EHR ${uniq()}`, jwks: SMART_JWKS, scopes: ['system/*.read'] } }).then((res) => created(res, 'SMART client'));
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
function patientFor(role: Caller, target: Target): string | undefined {
  if (target === 'own') return role === 'patient' || role === 'patient2' || role === 'carePatient' ? role : undefined;
  if (target === 'otherOrg') return 'patient3';
  return role === 'patient' ? 'patient2' : 'patient';
}

/** Shared (non-destructive) records of each patient, made once. */
const shared: Record<string, Record<string, string>> = {};
async function recordOf(kind: RecordKind, role: Caller, target: Target, fresh: boolean): Promise<string | undefined> {
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
    case 'smartClient':
    case 'deviceProfile': {
      if (target === 'own') return undefined;
      const key = `${kind}:${o}`;
      if (!fresh && shared.org?.[key]) return shared.org[key];
      const id =
        kind === 'invitation' ? await newInvitation(o) : kind === 'vendor' ? await newVendor(o) : kind === 'apiKey' ? await newApiKey(o) : kind === 'smartClient' ? await newSmartClient(o) : await someDeviceProfile(o);
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
            await t.call('POST', '/api/v1/files', { ...as(patient), body: { contentType: 'image/png', data: PNG_1PX } }),
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
async function sample(key: string, role: Caller, target: Target, id: string | undefined): Promise<Omit<Built, 'path'>> {
  const patient = patientFor(role, target);
  const patientId = patient ? account[patient] : account.patient;
  const future = at(workingDay(3), '10:00');
  const samples: Record<string, () => Omit<Built, 'path'> | Promise<Omit<Built, 'path'>>> = {
    'POST /api/v1/auth/login': () => ({ body: { username: 'patient2', password: DEMO_PASSWORD } }),
    'POST /api/v1/auth/change-password': () => ({ body: { currentPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, passwordConfirmation: DEMO_PASSWORD } }),
    'POST /api/v1/auth/email-check': () => ({ body: { email: 'someone@matrix.test' } }),
    'POST /api/v1/auth/password-reset/request': () => ({ body: { login: 'nobody@matrix.test' } }),
    'POST /api/v1/auth/password-reset/confirm': () => ({ body: { token: 'not-a-live-reset-link', password: 'Str0ng!pass', passwordConfirmation: 'Str0ng!pass' } }),
    'POST /api/v1/auth/login/two-factor': () => ({ body: { challengeToken: 'not-a-live-challenge', code: '123456' } }),
    'POST /api/v1/auth/login/two-factor/setup': () => ({ body: { challengeToken: 'not-a-live-challenge' } }),
    'POST /api/v1/auth/login/two-factor/enrol': () => ({ body: { challengeToken: 'not-a-live-challenge', code: '123456' } }),
    'POST /api/v1/auth/two-factor/confirm': () => ({ body: { code: '123456' } }),
    'POST /api/v1/auth/two-factor/disable': () => ({ body: { password: DEMO_PASSWORD, code: '123456' } }),
    'POST /api/v1/auth/two-factor/recovery-codes': () => ({ body: { code: '123456' } }),
    'POST /api/v1/auth/signup/resend-verification': () => ({ body: { email: 'someone@matrix.test' } }),
    'PATCH /api/v1/profile': () => ({ body: { phone: '+1 555 010 0000' } }),
    'POST /api/v1/alerts/acknowledge': () => ({ body: { ids: [randomUUID()] } }),
    'PATCH /api/v1/alerts/:id/assign': () => ({ body: { assigneeId: randomUUID() } }),
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
    'GET /api/v1/fhir/R4/Appointment': () => ({ query: { patient: id! } }),
    'GET /api/v1/fhir/R4/Encounter': () => ({ query: { patient: id! } }),
    'GET /api/v1/fhir/R4/Device': () => ({ query: { patient: id! } }),
    'GET /api/v1/fhir/R4/Communication': () => ({ query: { patient: id! } }),
    'GET /api/v1/fhir/R4/Flag': () => ({ query: { patient: id! } }),
    // Port 9 (discard): nothing listens, so a made subscription's deliveries fail at once and harmlessly.
    'POST /api/v1/fhir/R4/Subscription': () => ({ body: { resourceType: 'Subscription', criteria: 'Observation', channel: { type: 'rest-hook', endpoint: 'http://127.0.0.1:9/hook' } } }),
    'GET /api/v1/fhir/R4/Provenance': () => ({ query: { patient: id! } }),
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
    // A reading id nobody holds: an allowed caller passes the access check and meets 404; the held flow itself is in held-readings.int.test.ts.
    'POST /api/v1/patients/:id/held-readings/accept': () => ({ body: { readingId: randomUUID() } }),
    'POST /api/v1/patients/:id/held-readings/reject': () => ({ body: { readingId: randomUUID(), comment: 'Matrix' } }),
    'POST /api/v1/schedules': () => ({ body: { patientId, type: 'bp', startDate: today(), frequency: 'daily', times: ['08:00'] } }),
    'PATCH /api/v1/schedules/:id': () => ({ body: { notifyByEmail: false } }),
    'PUT /api/v1/schedules/:id/reminders': () => ({ body: { notifyByEmail: false } }),
    'POST /api/v1/tasks': () => ({ body: { patientId, type: 'bp', date: today(), time: '22:00' } }),
    'PATCH /api/v1/tasks/:id': () => ({ body: { status: 'pending' } }),
    'POST /api/v1/api-keys': () => ({ body: { name: `Key ${uniq()}` } }),
    'POST /api/v1/smart-clients': () => ({ body: { name: `EHR ${uniq()}`, jwks: SMART_JWKS, scopes: ['system/Observation.read'] } }),
    'PUT /api/v1/smart-clients/:id/keys': () => ({ body: { jwks: SMART_JWKS } }),
    'POST /api/v1/smart-clients/apps': () => ({ body: { name: `App ${uniq()}`, redirectUris: ['https://app.matrix.test/cb'], scopes: ['patient/*.read'] } }),
    // An app nobody registered: every signed-in caller reaches the service, which refuses the request (400), never a 2xx.
    'GET /api/v1/smart-authorize': () => ({ query: { client_id: randomUUID(), redirect_uri: 'https://app.matrix.test/cb' } }),
    'POST /api/v1/smart-authorize/decision': () => ({ body: { request: { client_id: randomUUID(), redirect_uri: 'https://app.matrix.test/cb' }, allow: false } }),
    // An app nobody registered: an allowed caller passes the patient access check and meets 404; the launch itself is in smart-app-launch.int.test.ts.
    'POST /api/v1/patients/:id/smart-launch': () => ({ body: { clientId: randomUUID() } }),
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
    'PATCH /api/v1/visits/:id/notes': () => ({ body: { notes: 'Fine' } }),
    'POST /api/v1/visits/:id/notes/addenda': () => ({ body: { text: 'Fine' } }),
    // A stretch of its own each time, so an allowed caller is never refused for overlapping time.
    'POST /api/v1/patients/:id/care-time': () => ({
      body: { startedAt: new Date(Date.now() - (60 + (unique += 1) * 7) * 60_000).toISOString(), minutes: 5, reason: 'Matrix call' },
    }),
    'PATCH /api/v1/care-time/:id': () => ({ body: { minutes: 1, reason: 'Matrix' } }),
    'POST /api/v1/patients/:id/enrolments': () => ({
      body: {
        conditions: ['Hypertension'],
        measurementTypes: ['bp'],
        startDate: today(),
        primaryProviderId: account.physician,
        consent: { method: 'verbal', witness: 'Matrix witness', at: new Date(Date.now() - 60_000).toISOString() },
      },
    }),
    'POST /api/v1/caregivers': () => ({ body: { email: `c${uniq()}@matrix.test`, scopes: ['readings'] } }),
    'PATCH /api/v1/caregivers/:id': () => ({ body: { scopes: ['readings'] } }),
    // No caregiver account has the address: an admin's case ends in its field error, everyone else's at the access check.
    'POST /api/v1/caregiver-links': () => ({
      body: { patientId, email: `c${uniq()}@matrix.test`, scopes: ['readings'], consent: { method: 'verbal', witness: 'Matrix witness', at: new Date(Date.now() - 60_000).toISOString() } },
    }),
    // A closed month (the report of an open one is refused, whoever asks).
    'GET /api/v1/monitoring-report': () => ({ query: { month: '2026-01' } }),
    'POST /api/v1/monitoring-report/sign': () => ({ body: { month: '2026-01' } }),
    'GET /api/v1/monitoring-report/csv': () => ({ query: { month: '2026-01' } }),
    'PUT /api/v1/billing-codes/:id': () => ({
      body: {
        description: 'Matrix',
        minDays: 16,
        maxDays: 30,
        minMinutes: null,
        maxMinutes: null,
        stepMinutes: null,
        interactiveRequired: false,
        effectiveFrom: null,
        effectiveTo: null,
      },
    }),
    'POST /api/v1/visits/:id/participants/join': () => ({ body: { deviceId: `device-${uniq()}` } }),
    'PUT /api/v1/visits/:id/running-late': () => ({ body: { minutes: 10 } }),
    'POST /api/v1/visits/:id/participants/leave': () => ({ body: { deviceId: 'device-leave' } }),
    'POST /api/v1/telehealth-invitations': () => ({ body: { visitId: id, fullName: 'Guest', email: `g${uniq()}@matrix.test` } }),
    'POST /api/v1/logs': () => ({ body: { key: 'unknown', message: 'matrix', environment: { mode: 'test' } } }),
    // Public flows that carry an e-mailed token: a well-formed token that was never sent reaches the
    // service (which refuses it), so these routes are not lost to validation.
    'POST /api/v1/auth/signup': () => {
      const n = uniq();
      const email = `s${n}@matrix.test`;
      const password = 'Matr1x!pass';
      return {
        body: {
          username: `s${n}`,
          password,
          passwordConfirmation: password,
          firstName: 'Sign',
          lastName: 'Up',
          dateOfBirth: `${new Date().getUTCFullYear() - 30}-05-17`,
          gender: 'f',
          emailAddress: email,
          emailAddressConfirmation: email,
          phoneNumber: '+1 555 123 4567',
          phoneNumberConfirmation: '+1 555 123 4567',
          accountType: 'pat',
          termsAccepted: true,
        },
      };
    },
    'POST /api/v1/auth/signup/verify': () => ({ body: { token: unsentToken() } }),
    'POST /api/v1/auth/signup/complete': () => ({ body: { token: unsentToken() } }),
    'POST /api/v1/invitations/verify': () => ({ body: { token: unsentToken() } }),
    'POST /api/v1/invitations/complete': () => {
      const n = uniq();
      return {
        body: {
          token: unsentToken(),
          username: `c${n}`,
          password: 'Matr1x!pass',
          passwordConfirmation: 'Matr1x!pass',
          firstName: 'In',
          lastName: 'Vited',
          dateOfBirth: `${new Date().getUTCFullYear() - 30}-05-17`,
          termsAccepted: true,
        },
      };
    },
    'POST /api/v1/patients/gateways/request-token': () => ({
      body: { mac: randomMac(), pairingCode: randomBytes(8).toString('hex').toUpperCase(), info: gatewayInfo() },
    }),
    'GET /api/v1/telehealth-invitations': () => ({ query: { key: unsentToken() } }),
    'POST /api/v1/telehealth-invitations/join': () => ({ body: { key: unsentToken(), deviceId: `device-${uniq()}` } }),
    'POST /api/v1/telehealth-invitations/leave': () => ({ body: { key: unsentToken(), deviceId: `device-${uniq()}` } }),
    'POST /api/v1/device-profiles': () => ({ body: { profileName: `Matrix profile ${uniq()}` } }),
  };
  return (await samples[key]?.()) ?? {};
}

/** A well-formed e-mailed token that was never sent. */
const unsentToken = () => randomBytes(32).toString('base64url');

/** The real visit code of a visit (so `GET /visits/code/:code` is tried on a code that exists). */
async function codeOf(visitId: string | undefined): Promise<string> {
  if (!visitId) return 'abc-defg-hij';
  const found = await rowsOf(db(), sql`select code from visits where id = ${visitId}::uuid`);
  if (!found[0]) throw new Error(`fixture visit ${visitId} has no code`);
  return String(found[0].code);
}

/** The path parameters for the target (`:code` with the target visit's real code). */
function paramsOf(url: string, id: string | undefined, code = 'abc-defg-hij'): Record<string, string> {
  const value: Record<string, string> = {
    id: id ?? randomUUID(),
    type: url.includes('thresholds') ? 'bp' : lookupTypes[0]!,
    value: url.includes('ouis') ? 'EA:E0:AA' : '0x0CA5',
    name: 'someone',
    area: 'organization',
    code,
  };
  return Object.fromEntries([...url.matchAll(/:(\w+)/g)].map(([, name]) => [name!, value[name!] ?? name!]));
}

/** The path with its params filled for the target. */
function fill(url: string, id: string | undefined, code = 'abc-defg-hij'): string {
  const params = paramsOf(url, id, code);
  return url.replace(/:(\w+)/g, (_, name: string) => params[name]!);
}

type Verdict = 'allowed' | 'refused' | 'validation' | 'other';
/** The catalogue key of an answer: REST `{ key }`, tRPC `{ error: { data: { key } } }`, a socket ack's `{ error }`. */
const keyOf = (body: Json): string | undefined => body?.key ?? body?.error?.data?.key ?? (typeof body?.error === 'string' ? body.error : undefined);
/**
 * 2xx allowed; 401/403/404 refused; stopped by validation only when the answer says so
 * (`validationFailed`): a 400 of the service (an unknown e-mailed token, a visit not joinable) reached it.
 */
const verdictOf = (status: number, body: Json): Verdict =>
  status < 300
    ? 'allowed'
    : status === 401 || status === 403 || status === 404
      ? 'refused'
      : keyOf(body) === 'validationFailed'
        ? 'validation'
        : 'other';

interface Tally {
  cases: number;
  reached: number;
  validation: number;
  unfixtured: number;
  wrongfulAllows: string[];
  wrongfulRefusals: string[];
  serverErrors: string[];
  /** Allowed answers that carry the id of a record the caller may not see. */
  leaks: string[];
  /** Refused writes after which the target row or any data table was not as before. */
  refusedWritesThatWrote: string[];
  /** Cases per entry, and those of them stopped by validation. */
  perEntry: Record<string, { cases: number; validation: number }>;
  /** Per caller kind (a role, or api key, guest, gateway, caregiver as …): wrongful allows and refusals. */
  perCaller: Record<string, { cases: number; allows: number; refusals: number }>;
}
const tally = (): Tally => ({
  cases: 0,
  reached: 0,
  validation: 0,
  unfixtured: 0,
  wrongfulAllows: [],
  wrongfulRefusals: [],
  serverErrors: [],
  leaks: [],
  refusedWritesThatWrote: [],
  perEntry: {},
  perCaller: {},
});

interface Outcome {
  status: number;
  body: Json;
  /** What the caller sent (path, query, body): an answer that only echoes these ids discloses nothing. */
  sent?: unknown;
  /** What a refused write left behind, if anything. */
  wrote?: string;
}

/** One case: its verdict against the expectation, the ids its answer leaked, what a refused write changed. */
async function record(into: Tally, label: string, entry: RestEntry, who: string, target: Target, allowed: boolean, out: Outcome) {
  const { status, body } = out;
  into.cases += 1;
  const verdict = verdictOf(status, body);
  const per = (into.perEntry[label] ??= { cases: 0, validation: 0 });
  const caller = (into.perCaller[who] ??= { cases: 0, allows: 0, refusals: 0 });
  per.cases += 1;
  caller.cases += 1;
  if (entry.kind === 'unfixtured') into.unfixtured += 1;
  if (verdict === 'validation') {
    into.validation += 1;
    per.validation += 1;
  } else into.reached += 1;
  const line = `${label} as ${who} on ${target}: ${status} ${JSON.stringify(keyOf(body) ?? '')}${body?.join ? ` (REST join: ${body.join})` : ''}`;
  if (status >= 500) into.serverErrors.push(line);
  if (verdict === 'allowed' && !allowed) {
    into.wrongfulAllows.push(line);
    caller.allows += 1;
  }
  if (allowed && (status === 401 || status === 403)) {
    into.wrongfulRefusals.push(line);
    caller.refusals += 1;
  }
  if (verdict === 'allowed') {
    const echoed = new Set(leakedIds(out.sent ?? null, await forbiddenFor(ANSWER_ABOUT[label] ?? who)));
    const leaked = leakedIds(body, await forbiddenFor(ANSWER_ABOUT[label] ?? who)).filter((id) => !echoed.has(id));
    if (leaked.length) into.leaks.push(`${line} carries ${leaked.length} id(s) the caller may not see: ${leaked.slice(0, 3).join(', ')}`);
  }
  if (out.wrote) into.refusedWritesThatWrote.push(`${line}: ${out.wrote}`);
}

/** Entries more than half of whose cases ended in validation: their sample is broken, not their access. */
const mostlyValidation = (into: Tally) =>
  Object.entries(into.perEntry)
    .filter(([, n]) => n.validation * 2 > n.cases)
    .map(([label, n]) => `${label}: ${n.validation} of ${n.cases} stopped by validation`);

function report(name: string, routes: number, into: Tally) {
  if (into.wrongfulAllows.length) console.log(`[access matrix] ${name} WRONGFUL ALLOWS:\n  ${into.wrongfulAllows.join('\n  ')}`);
  if (into.wrongfulRefusals.length) console.log(`[access matrix] ${name} wrongful refusals:\n  ${into.wrongfulRefusals.join('\n  ')}`);
  if (into.leaks.length) console.log(`[access matrix] ${name} LEAKS:\n  ${into.leaks.join('\n  ')}`);
  if (into.refusedWritesThatWrote.length) console.log(`[access matrix] ${name} REFUSED WRITES THAT WROTE:\n  ${into.refusedWritesThatWrote.join('\n  ')}`);
  if (into.serverErrors.length) console.log(`[access matrix] ${name} 5xx:\n  ${into.serverErrors.join('\n  ')}`);
  const stopped = Object.entries(into.perEntry).filter(([, n]) => n.validation > 0);
  console.log(`[access matrix] ${name} stopped by validation: ${stopped.map(([k, n]) => `${k} ×${n.validation}/${n.cases}`).join('; ') || 'none'}`);
  console.log(
    `[access matrix] ${name} per caller: ${Object.entries(into.perCaller)
      .map(([who, n]) => `${who} ${n.cases} cases, ${n.allows} wrongful allows, ${n.refusals} wrongful refusals`)
      .join('; ')}`,
  );
  console.log(
    `[access matrix] ${name}: ${routes} entries, ${into.cases} cases, ${into.reached} reached the access check, ${into.validation} stopped by validation (validationFailed), ${into.unfixtured} on a record kind without fixture (random id), wrongful allows ${into.wrongfulAllows.length}, wrongful refusals ${into.wrongfulRefusals.length}, leaks ${into.leaks.length}, refused writes that wrote ${into.refusedWritesThatWrote.length}, 5xx ${into.serverErrors.length}`,
  );
}

/** Everything a matrix must show: no wrongful allow or refusal, no leak, no write from a refusal, no 5xx, no route lost to validation. */
function expectClean(into: Tally) {
  expect({
    serverErrors: into.serverErrors,
    wrongfulAllows: into.wrongfulAllows,
    wrongfulRefusals: into.wrongfulRefusals,
    leaks: into.leaks,
    refusedWritesThatWrote: into.refusedWritesThatWrote,
    mostlyValidation: mostlyValidation(into),
  }).toEqual({ serverErrors: [], wrongfulAllows: [], wrongfulRefusals: [], leaks: [], refusedWritesThatWrote: [], mostlyValidation: [] });
}

/**
 * Access tokens are short-lived and the matrix runs for many minutes on a loaded machine: every
 * shared token is signed in again once it is a few minutes old, so no case meets an expired one.
 */
let signedAt = Date.now();
async function keepTokensFresh() {
  if (Date.now() - signedAt < 3 * 60_000) return;
  signedAt = Date.now();
  for (const role of PEOPLE) token[role] = (await signIn(role)).access;
  token.carePatient = token.caregiver;
  for (const name of ['admin2', 'physician2', 'patient3'] as const) token[name] = (await t.login(usernames[name]!)).token;
}

/** The user a caller signs in as. */
const usernameOf = (role: Caller) => (role === 'carePatient' ? 'caregiver' : role);

async function tokenFor(role: Caller, entry: RestEntry): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  return entry.session ? (await signIn(usernameOf(role))).access : token[role as Person];
}

/** Ends the caller's session or changes the password: put the role's shared token back. */
async function afterSession(role: Caller) {
  if (role === 'anonymous') return;
  const access = (await signIn(usernameOf(role))).access;
  token[role as Person] = access;
  // Both are the caregiver's user: a password change may end the other's session too.
  if (role === 'caregiver' || role === 'carePatient') token.caregiver = token.carePatient = access;
}

/** The patient accounts of the fixtures: two demo patients, the caregiver's own, the second organisation's. */
const ALL_PATIENTS = ['patient', 'patient2', 'carePatient', 'patient3'];

/**
 * Whose records a caller may not see: every caller is blind to the second organisation; a patient
 * (and whoever acts for one: a caregiver on their patient account, a guest of a patient's visit, a
 * patient's gateway) to every other patient; a caller with no person behind it to every patient.
 */
function ownersHiddenFrom(who: string): Owners {
  const others = (mine: string | null) => ALL_PATIENTS.filter((p) => p !== mine).map((p) => account[p]!);
  const organisations = [org.two];
  switch (who) {
    case 'patient':
    case 'patient2':
    case 'carePatient':
    case 'caregiverAsPatient':
      return { patients: others(who === 'caregiverAsPatient' ? 'carePatient' : who), organisations };
    // The caregiver's own accounts (their patient account among them) are theirs to list.
    case 'caregiver':
    case 'caregiverAsOther':
      return { patients: others('carePatient'), organisations };
    case 'guestToken':
    case 'gatewayToken':
      return { patients: others('patient'), organisations };
    case 'anonymous':
    case 'revokedApiKey':
      return { patients: others(null), organisations };
    default:
      // Admins, clinicians and the organisation's API key: the first organisation is theirs.
      return { patients: [], organisations };
  }
}
const forbidden = new Map<string, Promise<Set<string>>>();
/** The ids a caller may not see, read from the database once per suite (records made since count from the next). */
function forbiddenFor(who: string): Promise<Set<string>> {
  let ids = forbidden.get(who);
  if (!ids) forbidden.set(who, (ids = idsOwnedBy(db(), ownersHiddenFrom(who))));
  return ids;
}
/** Answers about someone else than the caller: the sign-in sample signs patient2 in. */
const ANSWER_ABOUT: Record<string, string> = { 'POST /api/v1/auth/login': 'patient2', 'trpc auth.login': 'patient2' };

let restCatalogue: string[] = [];
let trpcCatalogue: string[] = [];
let socketCatalogue: string[] = [];

/** The records every patient has, made before the matrix so that list answers have other patients' rows to leak. */
const SEEDED_KINDS: RecordKind[] = ['gateway', 'device', 'appointment', 'visit', 'schedule', 'task', 'thread', 'file', 'telehealthInvitation'];

beforeAll(async () => {
  t = await startTestEdge();
  for (const role of PEOPLE) {
    const signed = await signIn(role);
    token[role] = signed.access;
    account[role] = signed.accountId;
    user[role] = signed.userId;
  }
  // The caregiver's own patient account (their second account), reached with x-account-id.
  const caregiver = await t.login('caregiver');
  account.carePatient = (caregiver.body.data.accounts as Json[]).find((a) => !a.isDefault).id;
  user.carePatient = user.caregiver!;
  token.carePatient = token.caregiver;
  extraHeaders.carePatient = { 'x-account-id': account.carePatient! };
  org.one = (await t.call('GET', '/api/v1/profile', { token: token.admin })).body.data.organisationId ?? '';
  if (!org.one) org.one = await firstId(sql`select organisation_id as id from accounts where id = ${account.admin}`);
  await seedDemoReadings(db(), org.one, [{ accountId: account.carePatient!, everyNthDay: 5 }]);
  await secondOrganisation();
  // Who may enter a visit's room is the policy's business; being let in from the waiting room is not.
  for (const organisationId of [org.one, org.two]) await admitAutomatically(db(), organisationId);
  for (const kind of SEEDED_KINDS)
    for (const [role, target] of [
      ['patient2', 'sameOrg'],
      ['patient', 'sameOrg'],
      ['patient', 'otherOrg'],
      ['carePatient', 'own'],
    ] as const)
      await recordOf(kind, role, target, false);
  restCatalogue = (await restRoutes(t.edge.deps)).map((r) => `${r.method} ${r.url}`);
  trpcCatalogue = trpcProcedures().map((p) => `trpc ${p.path}`);
  const probe = await connected(clients.open(t.url, { token: token.patient }));
  socketCatalogue = socketEvents(t, probe).map((name) => `socket ${name}`);
  probe.disconnect();
}, 240_000);
afterAll(async () => {
  clients.closeAll();
  agents.closeAll();
  await t.close();
});

describe('access policy covers the routers', () => {
  it('every REST route, tRPC procedure and socket event has a policy entry, and every entry a route', () => {
    const rest = coverage(restCatalogue, REST_POLICY);
    const trpc = coverage(trpcCatalogue, TRPC_POLICY);
    const sockets = coverage(socketCatalogue, SOCKET_POLICY);
    const guests = coverage(socketCatalogue, GUEST_SOCKET_POLICY);
    const twinsMissing = Object.entries(TRPC_POLICY)
      .filter(([, entry]) => !(entry.twin in REST_POLICY))
      .map(([key, entry]) => `${key} → ${entry.twin}`);
    const apiKeyReads = API_KEY_READS.filter((key) => !(key in REST_POLICY));
    console.log(`[access matrix] catalogue: ${restCatalogue.length} REST routes, ${trpcCatalogue.length} tRPC procedures, ${socketCatalogue.length} socket events`);
    expect({ rest, trpc, sockets, guests, twinsMissing, apiKeyReads }).toEqual({
      rest: { missing: [], stale: [] },
      trpc: { missing: [], stale: [] },
      sockets: { missing: [], stale: [] },
      guests: { missing: [], stale: [] },
      twinsMissing: [],
      apiKeyReads: [],
    });
    expect(restCatalogue.length).toBeGreaterThan(100);
    expect(socketCatalogue.length).toBeGreaterThan(0);
  });
});

interface Credentials {
  token?: string;
  headers?: Record<string, string>;
}

/**
 * One REST case: the target's record made (or reused), a valid sample, the request sent as the
 * caller (its own token, or `credentials` of another caller kind), and — where the expectation is a
 * refusal of a write — the target row and every data table compared before and after.
 */
async function restCase(key: string, entry: RestEntry, role: Caller, target: Target, allowed: boolean, credentials?: Credentials): Promise<Outcome | undefined> {
  await keepTokensFresh();
  const [method, url] = key.split(' ') as [string, string];
  const fresh = Boolean(entry.destructive);
  const kind = entry.kind ?? 'none';
  let id: string | undefined;
  const creds = credentials ?? { token: await tokenFor(role, entry), headers: extraHeaders[role] };
  if (kind === 'session' && target === 'own') {
    id = await firstId(sql`select id from sessions order by created_at desc limit 1`);
  } else id = await recordOf(kind, role, target, fresh);
  if (kind !== 'none' && kind !== 'unfixtured' && !id) return undefined;
  const built = await sample(key, role, target, id);
  const code = url.includes(':code') ? await codeOf(id) : undefined;
  const path = fill(url, id, code) + (built.query ? `?${new URLSearchParams(built.query).toString()}` : '');
  const before: Snapshot | undefined = method !== 'GET' && !allowed ? await snapshot(db(), kind, id) : undefined;
  const res = await t.call(method, path, { token: creds.token, headers: creds.headers, body: built.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {}) });
  const wrote = before && res.status >= 300 ? changes(before, await snapshot(db(), kind, id)) : '';
  if (entry.session && !credentials) await afterSession(role);
  return { status: res.status, body: res.body, wrote: wrote || undefined, sent: { path, body: built.body } };
}

/**
 * MATRIX_ONLY (a regular expression over `METHOD /api/v1/path` and `trpc name` keys) narrows the REST
 * and tRPC matrices to the routes of a feature being converted; the coverage test always runs whole.
 */
const ONLY = process.env.MATRIX_ONLY ? new RegExp(process.env.MATRIX_ONLY) : undefined;
const chosen = (key: string) => !ONLY || ONLY.test(key);

/** Destructive rows run last, on throw-away records. */
const restKeys = () =>
  Object.keys(REST_POLICY).filter(chosen).sort((a, b) => Number(Boolean(REST_POLICY[a]!.destructive)) - Number(Boolean(REST_POLICY[b]!.destructive)));

describe('REST access matrix', () => {
  it('no role is let in where the policy refuses, no answer carries another patient\'s or organisation\'s rows, no refused write writes', async () => {
    forbidden.clear();
    const into = tally();
    for (const key of restKeys()) {
      const entry = REST_POLICY[key]!;
      if (key === 'POST /api/v1/auth/logout-everywhere') continue; // below: it ends every session of the role
      for (const role of MATRIX_ROLES) {
        for (const t0 of targetsOf(entry.kind ?? 'none')) {
          const target = role === 'anonymous' && t0 !== 'none' ? 'sameOrg' : t0;
          const allowed = POLICIES[entry.policy](role, target);
          const out = await restCase(key, entry, role, target, allowed);
          if (out) await record(into, key, entry, role, target, allowed, out);
        }
      }
    }
    report('REST', Object.keys(REST_POLICY).length, into);
    expectClean(into);
  }, 3_600_000);
});

/** A live and a revoked API key of the first organisation, a telehealth guest's token, a gateway's token. */
const keys = { live: '', revoked: '' };
const guest = { token: '', visitId: '', deviceId: 'guest-device', patient: 'patient' };
const gateway = { token: '', gatewayId: '', ownDevice: '' };
const agents = agentClients();

async function apiKeys() {
  const live = await t.call('POST', '/api/v1/api-keys', { token: token.admin, body: { name: `Matrix ${uniq()}` } });
  keys.live = live.body.data.key;
  const revoked = await t.call('POST', '/api/v1/api-keys', { token: token.admin, body: { name: `Matrix revoked ${uniq()}` } });
  keys.revoked = revoked.body.data.key;
  const revoke = await t.call('PATCH', `/api/v1/api-keys/${revoked.body.data.id}/revoke`, { token: token.admin, body: {} });
  if (!keys.live || !keys.revoked || revoke.status !== 200) throw new Error('fixture api keys failed');
}

/** A telehealth visit of `patient` on now, its guest invited by the physician, the key read from the mail as sent. */
async function guestOf(patient: string): Promise<{ visitId: string; guestToken: string }> {
  await keepTokensFresh();
  const { visitId } = await insertAppointmentWithVisit(db(), {
    organisationId: orgOf(patient),
    patientAccountId: account[patient]!,
    providerAccountId: account[physicianOf(patient)]!,
    startsAt: new Date(),
    type: 'tv',
  });
  const email = `guest${uniq()}@matrix.test`;
  created(
    await t.call('POST', '/api/v1/telehealth-invitations', { token: token[physicianOf(patient) as Person], body: { visitId, fullName: 'Guest', email } }),
    'guest invitation',
  );
  const mail = await rowsOf(db(), sql`select text from outbox where "to" = ${email}`);
  const key = /telehealth-invitations\?key=([\w-]+)/.exec(String(mail[0]?.text ?? ''))?.[1];
  if (!key) throw new Error('no guest link in the outbox');
  const joined = await t.call('POST', '/api/v1/telehealth-invitations/join', { body: { key, deviceId: guest.deviceId } });
  if (joined.status !== 200) throw new Error(`guest join: ${joined.status} ${JSON.stringify(joined.body)}`);
  return { visitId, guestToken: joined.body.data.guestToken };
}

/** The patient's gateway, paired as the agent and the patient do, with one blood-pressure cuff on it. */
async function pairedGateway() {
  const paired = await pairGateway(t, { token: token.patient, accountId: account.patient! });
  gateway.token = paired.token;
  gateway.gatewayId = paired.gatewayId;
  gateway.ownDevice = await deviceOn('patient', paired.gatewayId);
}
async function deviceOn(patient: string, gatewayId: string): Promise<string> {
  const profileId = (await builtInProfilesByMeasurement(db(), orgOf(patient))).get('bp');
  if (!profileId) throw new Error('no built-in blood-pressure profile');
  const made = await insertDevice(db(), { organisationId: orgOf(patient), patientAccountId: account[patient]!, gatewayId, address: newAddress(), name: 'Matrix cuff', profileId });
  return typeof made === 'string' ? made : (made as Json).id;
}

describe('REST access matrix: callers other than a person\'s own session', () => {
  it('API keys, revoked keys, guest and gateway tokens as bearers, and a caregiver switching accounts get only what the policy gives them', async () => {
    forbidden.clear();
    await apiKeys();
    const guestSeat = await guestOf(guest.patient);
    guest.token = guestSeat.guestToken;
    guest.visitId = guestSeat.visitId;
    await pairedGateway();
    const callers: Array<{ kind: CallerKind; as: Caller; credentials?: () => Credentials; everyTarget: boolean }> = [
      { kind: 'apiKey', as: 'physician', credentials: () => ({ headers: { 'x-api-key': keys.live } }), everyTarget: true },
      { kind: 'revokedApiKey', as: 'physician', credentials: () => ({ headers: { 'x-api-key': keys.revoked } }), everyTarget: false },
      { kind: 'guestToken', as: 'physician', credentials: () => ({ token: guest.token }), everyTarget: false },
      { kind: 'gatewayToken', as: 'physician', credentials: () => ({ token: gateway.token }), everyTarget: false },
      // Switched to their own patient account: a patient there (own = that account's record).
      { kind: 'caregiverAsPatient', as: 'carePatient', everyTarget: true },
      // Naming a patient's account that is not theirs: nobody.
      { kind: 'caregiverAsOther', as: 'caregiver', credentials: () => ({ token: token.caregiver, headers: { 'x-account-id': account.patient! } }), everyTarget: false },
    ];
    const into = tally();
    for (const key of restKeys()) {
      const entry = REST_POLICY[key]!;
      if (key === 'POST /api/v1/auth/logout-everywhere') continue;
      for (const caller of callers) {
        const targets = targetsOf(entry.kind ?? 'none').filter((tg) => caller.everyTarget || tg === 'none' || tg === 'sameOrg');
        for (const target of targets) {
          const allowed = callerMay(caller.kind, key, entry, target);
          const out = await restCase(key, entry, caller.as, target, allowed, caller.credentials?.());
          if (out) await record(into, key, entry, caller.kind, target, allowed, out);
        }
      }
    }
    report('REST other callers', Object.keys(REST_POLICY).length, into);
    expectClean(into);
  }, 3_600_000);
});

function trpcInput(entry: TrpcEntry, twin: string, id: string | undefined, built: Omit<Built, 'path'>, code: string): unknown {
  return entry.input({ params: paramsOf(twin.split(' ')[1]!, id, code), query: built.query, body: built.body });
}

// The tRPC procedures call the same services as their REST twins; the database kind changes nothing
// in how a procedure reaches them, so this half of the matrix (about 2,000 requests, minutes on a
// loaded CI runner) runs on PGlite only. REST and sockets run on both kinds.
if (testDatabaseKind === 'pglite') describe('tRPC access matrix', () => {
  it('no role is let in where the twin REST route\'s policy refuses, and no answer carries rows the caller may not see', async () => {
    forbidden.clear();
    const into = tally();
    const keys = Object.keys(TRPC_POLICY).filter(chosen).sort(
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
          await keepTokensFresh();
          const allowed = POLICIES[rest.policy](role, target);
          const access = await tokenFor(role, rest);
          const id = kind === 'session' && target === 'own' ? await firstId(sql`select id from sessions order by created_at desc limit 1`) : await recordOf(kind, role, target, Boolean(rest.destructive));
          if (kind !== 'none' && kind !== 'unfixtured' && !id) continue;
          const code = entry.twin.includes(':code') ? await codeOf(id) : '';
          const input = trpcInput(entry, entry.twin, id, await sample(entry.twin, role, target, id), code);
          const path = key.slice('trpc '.length);
          const headers: Record<string, string> = access ? { authorization: `Bearer ${access}` } : {};
          const mutation = types.get(key) !== 'query';
          const before = mutation && !allowed ? await snapshot(db(), kind, id) : undefined;
          const res = !mutation
            ? await t.call('GET', `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, { headers })
            : await t.call('POST', `/trpc/${path}`, { headers, body: input ?? {} });
          const wrote = before && res.status >= 300 ? changes(before, await snapshot(db(), kind, id)) : '';
          if (rest.session) await afterSession(role);
          await record(into, key, rest, role, target, allowed, { status: res.status, body: res.body, wrote: wrote || undefined, sent: input });
        }
      }
    }
    report('tRPC', Object.keys(TRPC_POLICY).length, into);
    expectClean(into);
  }, 3_600_000);
});

/** A socket ack as a status: data is an allow; an error's key finds its status in the catalogue (unknown: 500, so it shows). */
const statusOfKey = (key: unknown): number => (isErrorKey(key) ? ERRORS[key].status : 500);
const ackStatus = (ack: Json): number => (ack && 'data' in ack ? 200 : statusOfKey(ack?.error));

/** A telehealth visit starting now, per patient (visits are entered while they are on). */
const visitNow = (patient: string) =>
  insertAppointmentWithVisit(db(), {
    organisationId: orgOf(patient),
    patientAccountId: account[patient]!,
    providerAccountId: account[physicianOf(patient)]!,
    startsAt: new Date(),
    type: 'tv',
  }).then((v) => v.visitId);

describe('socket access matrix', () => {
  it('no person is let in where the policy refuses (a caregiver on their patient account included)', async () => {
    forbidden.clear();
    const into = tally();
    for (const [key, entry] of Object.entries(SOCKET_POLICY)) {
      const event = key.slice('socket '.length);
      for (const role of [...PEOPLE, 'carePatient'] as const) {
        await keepTokensFresh();
        // The caregiver's patient account is a patient's: the policy's `patient`, on that account's own record.
        const policyRole: MatrixRole = role === 'carePatient' ? 'patient' : role;
        const socket = await connected(clients.open(t.url, { token: token[role], ...(role === 'carePatient' ? { accountId: account.carePatient } : {}) }));
        for (const target of targetsOf(entry.kind ?? 'none')) {
          const visitPatient = patientFor(role, target);
          const id = entry.kind === 'visit' ? visitPatient && (await visitNow(visitPatient)) : await recordOf(entry.kind ?? 'none', role, target, false);
          if (entry.kind !== 'none' && !id) continue;
          // A visit's room is entered from a device that joined over REST first (its policy is that route's).
          const joined = !event.startsWith('visit:') ? null : (await t.call('POST', `/api/v1/visits/${id}/participants/join`, { ...as(role), body: { deviceId: 'device-a' } })).body?.key ?? 'joined';
          if (event === 'visit:signal') {
            // Signals go between devices that joined and entered: this one enters, a second one joins.
            const other = role === 'patient' || role === 'patient2' || role === 'carePatient' ? physicianOf(visitPatient!) : visitPatient!;
            await t.call('POST', `/api/v1/visits/${id}/participants/join`, { ...as(other), body: { deviceId: 'device-b' } });
            await ask(socket, 'visit:enter', { visitId: id, deviceId: 'device-a' });
          }
          // A chat message or a stroke is sent from a device that entered the visit's room.
          if (event === 'visit:chat' || event === 'visit:draw') await ask(socket, 'visit:enter', { visitId: id, deviceId: 'device-a' });
          const payload =
            event === 'session:whoami'
              ? {}
              : event.startsWith('patient:')
                ? { patientId: id }
                : event === 'visit:signal'
                  ? { visitId: id, toDeviceId: 'device-b', signal: { renegotiate: true } }
                    : event === 'visit:chat'
                    ? { visitId: id, body: 'Can you hear me?' }
                    : event === 'visit:draw'
                    ? { visitId: id, stream: { deviceId: 'device-a', source: 'camera' }, action: { kind: 'clear' } }
                    : event === 'visit:exit'
                      ? { visitId: id }
                      : { visitId: id, deviceId: 'device-a' };
          const ack = (await ask(socket, event as never, payload)) as Json;
          const allowed = POLICIES[entry.policy](policyRole, target);
          await record(into, key, entry, role, target, allowed, { status: ackStatus(ack), body: { key: ack?.error, join: joined, data: ack?.data }, sent: payload });
        }
        socket.disconnect();
      }
      // No token: the handshake itself is refused, so no event is ever heard.
      const refused = await connected(clients.open(t.url, {})).then(
        () => false,
        () => true,
      );
      await record(into, key, entry, 'anonymous', 'none', POLICIES[entry.policy]('anonymous', 'none'), { status: refused ? 401 : 200, body: null });
    }
    report('sockets', Object.keys(SOCKET_POLICY).length, into);
    expectClean(into);
  }, 900_000);

  it('a telehealth guest reaches the room of their own visit and device, and nothing else', async () => {
    forbidden.clear();
    const into = tally();
    const seat = await guestOf('patient');
    // The physician's device is in the guest's visit, so the guest's signal has someone to reach.
    await t.call('POST', `/api/v1/visits/${seat.visitId}/participants/join`, { token: token.physician, body: { deviceId: 'device-b' } });
    const visits: Record<Target, string> = { own: seat.visitId, sameOrg: await visitNow('patient2'), otherOrg: await visitNow('patient3'), none: seat.visitId };
    const patients: Record<Target, string> = { own: account.patient!, sameOrg: account.patient2!, otherOrg: account.patient3!, none: account.patient! };
    const socket = await connected(clients.open(t.url, { guestToken: seat.guestToken }));
    // Entered before it signals, and signals before it leaves.
    const order = ['socket session:whoami', 'socket patient:watch', 'socket patient:unwatch', 'socket visit:join', 'socket visit:enter', 'socket visit:signal', 'socket visit:chat', 'socket visit:draw', 'socket visit:exit'];
    for (const key of order) {
      const rule = GUEST_SOCKET_POLICY[key]!;
      const event = key.slice('socket '.length);
      const targets: Target[] = event === 'session:whoami' ? ['none'] : ['sameOrg', 'otherOrg', 'own'];
      for (const target of targets) {
        const visitId = visits[target];
        if (event === 'visit:signal' && target !== 'own') await ask(socket, 'visit:enter', { visitId, deviceId: guest.deviceId });
        const payload =
          event === 'session:whoami'
            ? {}
            : event.startsWith('patient:')
              ? { patientId: patients[target] }
              : event === 'visit:signal'
                ? { visitId, toDeviceId: 'device-b', signal: { renegotiate: true } }
                  : event === 'visit:chat'
                  ? { visitId, body: 'Can you hear me?' }
                  : event === 'visit:draw'
                  ? { visitId, stream: { deviceId: guest.deviceId, source: 'camera' }, action: { kind: 'clear' } }
                  : event === 'visit:exit'
                    ? { visitId }
                    : { visitId, deviceId: guest.deviceId };
        const ack = (await ask(socket, event as never, payload)) as Json;
        const allowed = rule === 'harmless' || (rule === 'ownVisit' && target === 'own');
        await record(into, key, { policy: 'nobody' }, 'guestToken', target, allowed, { status: ackStatus(ack), body: { key: ack?.error, data: ack?.data }, sent: payload });
      }
    }
    socket.disconnect();
    report('guest sockets', order.length, into);
    expectClean(into);
  }, 120_000);
});

describe('the /gateways namespace', () => {
  it('a gateway acts only for its own patient, and only a gateway token opens it', async () => {
    forbidden.clear();
    await keepTokensFresh();
    if (!gateway.token) await pairedGateway();
    const into = tally();
    const other = { patient2: await deviceOn('patient2', (await newGateway('patient2')).gatewayId), patient3: await deviceOn('patient3', (await newGateway('patient3')).gatewayId) };
    const devices: Record<Target, string> = { own: gateway.ownDevice, sameOrg: other.patient2, otherOrg: other.patient3, none: gateway.ownDevice };
    const agent = agents.open(t.url, { token: gateway.token });
    const opened = await agentOutcome(agent);
    expect(opened).toEqual({ connected: true });
    const server = t.edge.io.of('/gateways').sockets.get(agent.id ?? '');
    const events = (server?.eventNames() ?? []).map(String).filter((name) => !['disconnect', 'disconnecting', 'error'].includes(name));
    expect(coverage(events.map((e) => `gateway ${e}`), GATEWAY_EVENT_POLICY)).toEqual({ missing: [], stale: [] });
    for (const [key, rule] of Object.entries(GATEWAY_EVENT_POLICY)) {
      const event = key.slice('gateway '.length);
      const targets: Target[] = rule.kind === 'none' ? ['none'] : ['own', 'sameOrg', 'otherOrg'];
      for (const target of targets) {
        const deviceId = devices[target];
        const payload =
          event === 'gateway:hello'
            ? { info: gatewayInfo() }
            : event === 'gateway:heartbeat'
              ? { queued: 0, rejected: 0, uptimeS: 60 }
              : event === 'readings:upload'
                ? { readings: [{ deviceId, reading: { id: randomUUID(), type: 'bp', values: { systolic: 121, diastolic: 79, pulse: 66 } } }] }
                : event === 'ecg:samples'
                  ? { deviceId, sampleRate: 130, samples: [12, 40, 1100, -150, 20], seq: 0 }
                  : { deviceId, manufacturer: 'Matrix', batteryLevel: 42 };
        const allowed = gatewayMay(target);
        const before = !allowed ? await snapshot(db(), 'device', deviceId) : undefined;
        const ack = (await agentAsk(agent, event as never, payload)) as Json;
        // An upload answers per reading: stored is an allow, a rejected reading is refused with its key.
        const outcome0 = ack?.data?.outcomes?.[0];
        const status = outcome0 ? (outcome0.status === 'stored' || outcome0.status === 'duplicate' ? 200 : statusOfKey(outcome0.key)) : ackStatus(ack);
        const wrote = before ? changes(before, await snapshot(db(), 'device', deviceId)) : '';
        await record(into, key, { policy: 'nobody', kind: rule.kind === 'device' ? 'device' : 'none' }, 'gatewayToken', target, allowed, {
          status,
          body: { key: outcome0?.key ?? ack?.error, data: ack?.data },
          wrote: wrote || undefined,
          sent: payload,
        });
      }
    }
    agent.disconnect();
    // Only a gateway's token opens the namespace; a gateway's token does not open the people's.
    const guestSeat = await guestOf('patient');
    for (const [label, auth] of [
      ['no token', {}],
      ['a person\'s access token', { token: token.patient }],
      ['a guest token', { token: guestSeat.guestToken }],
      ['a forged token', { token: `gw_${randomBytes(24).toString('hex')}` }],
    ] as const) {
      const result = await agentOutcome(agents.open(t.url, auth));
      await record(into, `gateway handshake with ${label}`, { policy: 'nobody' }, 'gatewayNamespace', 'none', false, { status: result.connected ? 200 : 401, body: null });
    }
    const people = await outcome(clients.open(t.url, { token: gateway.token }));
    await record(into, 'people handshake with a gateway token', { policy: 'nobody' }, 'gatewayToken', 'none', false, { status: people.connected ? 200 : 401, body: null });
    report('gateways namespace', Object.keys(GATEWAY_EVENT_POLICY).length, into);
    expectClean(into);
  }, 120_000);
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
        await record(into, key, entry, role, 'none', POLICIES[entry.policy](role, 'none'), { status: res.status, body: res.body });
      }
    }
    expect(into.wrongfulAllows).toEqual([]);
    expect(into.wrongfulRefusals).toEqual([]);
  }, 120_000);
});

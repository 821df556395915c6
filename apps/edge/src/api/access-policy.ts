/**
 * Who may do what, written from docs/access-control.md and the services' stated rules
 * (packages/api/src/patients/patient-access.ts: a patient's care record is read by the patient and
 * the clinicians of their organisation, its care plan is set by that organisation's physicians and
 * nurses, admins run the organisation but do not read clinical records) — NOT from what the code
 * answers today. The access-matrix suites check every REST route, tRPC procedure and socket event
 * the routers register against this table, and fail when one has no entry (issue 8, test 3).
 */

import { OPERATION_SETS } from '@opencare/api/operations/all-operations';
import type { AnyOperation, InputSource, PolicyName, RecordKind } from '@opencare/api/operations/operation';
import { ROLE_PERMISSIONS, type Permission, type RoleName } from '@opencare/schemas/roles';

export const MATRIX_ROLES = ['anonymous', 'admin', 'physician', 'nurse', 'assistant', 'patient', 'patient2', 'caregiver'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/**
 * Whose record the request names: `own` (the caller's own), `sameOrg` (another patient's, or the
 * organisation's own record, in the caller's organisation), `otherOrg` (a patient or record of
 * another organisation), `none` (the route names no record).
 */
export type Target = 'own' | 'sameOrg' | 'otherOrg' | 'none';

/** What a route's `:id` names: the declarations' vocabulary (packages/api/src/operations/operation.ts). */
export type { RecordKind };

const CLINICIANS: readonly MatrixRole[] = ['physician', 'nurse', 'assistant'];
const PATIENTS: readonly MatrixRole[] = ['patient', 'patient2'];
const has = (roles: readonly MatrixRole[], role: MatrixRole) => roles.includes(role);

/** The role each matrix caller holds (a caregiver is a default user; anonymous holds none). */
const ROLE_OF: Record<MatrixRole, RoleName | null> = {
  anonymous: null,
  admin: 'Admin',
  physician: 'Physician',
  nurse: 'Nurse',
  assistant: 'Assistant',
  patient: 'Patient',
  patient2: 'Patient',
  caregiver: 'User',
};
/** The permission table of docs/access-control.md (spec §6): may this caller's role do `permission` at all? */
export const can = (role: MatrixRole, permission: Permission): boolean => {
  const name = ROLE_OF[role];
  return name !== null && ROLE_PERMISSIONS[name].includes(permission);
};
const patientRead = (role: MatrixRole, target: Target) =>
  (has(PATIENTS, role) && (target === 'own' || target === 'none')) || (has(CLINICIANS, role) && target !== 'otherOrg');

/** The named policies: may `role` do it on a record of `target`? */
export const POLICIES = {
  /** No token needed (sign-in, sign-up, public settings, error logs). */
  public: () => true,
  /** Any signed-in person, on their own things (profile, sessions, lookups). */
  anyUser: (role: MatrixRole) => role !== 'anonymous',
  /** Refused to everyone (a route only the platform's Super, or no-one in this deployment, may use). */
  nobody: () => false,
  /** Admins, on their own organisation (settings, users, vendors, device profiles, API keys, reports). */
  admin: (role: MatrixRole, target: Target) => role === 'admin' && target !== 'otherOrg',
  /** Clinicians (physician, nurse, assistant) of the organisation. */
  clinician: (role: MatrixRole, target: Target) => has(CLINICIANS, role) && target !== 'otherOrg',
  /** Physicians and nurses of the organisation (analytics). */
  physicianOrNurse: (role: MatrixRole, target: Target) => (role === 'physician' || role === 'nurse') && target !== 'otherOrg',
  /** Clinicians and admins of the organisation (the organisation's directory). */
  staff: (role: MatrixRole, target: Target) => (has(CLINICIANS, role) || role === 'admin') && target !== 'otherOrg',
  /** A patient, on their own record only (their devices, their photos, their readings). */
  patientSelf: (role: MatrixRole, target: Target) => has(PATIENTS, role) && (target === 'own' || target === 'none'),
  /** A patient's care record: the patient, and the clinicians of the patient's organisation. */
  patientRead,
  /** Written on a patient's record (an appointment booked): whoever reads it, if their role may Write. */
  patientWrite: (role: MatrixRole, target: Target) => patientRead(role, target) && can(role, 'Write'),
  /** Changed on a patient's record (rescheduled, cancelled: the record stays): readers whose role may Update. */
  patientUpdate: (role: MatrixRole, target: Target) => patientRead(role, target) && can(role, 'Update'),
  /** Handed out in another format (FHIR): readers whose role may Export (a patient their own record). */
  patientExport: (role: MatrixRole, target: Target) => patientRead(role, target) && can(role, 'Export'),
  /** Clinicians of the organisation whose role may Write (a walk-in visit recorded). */
  clinicianWrite: (role: MatrixRole, target: Target) => has(CLINICIANS, role) && target !== 'otherOrg' && can(role, 'Write'),
  /** Clinicians of the organisation whose role may Update (an alert acknowledged). */
  clinicianUpdate: (role: MatrixRole, target: Target) => has(CLINICIANS, role) && target !== 'otherOrg' && can(role, 'Update'),
  /** A patient's care plan: the physicians and nurses of the patient's organisation. */
  patientCare: (role: MatrixRole, target: Target) => (role === 'physician' || role === 'nurse') && target !== 'otherOrg',
  /** An account or its profile: its owner, the organisation's admins, and its clinicians (patients, colleagues). */
  accountRead: (role: MatrixRole, target: Target) =>
    (role !== 'anonymous' && target === 'own') || ((role === 'admin' || has(CLINICIANS, role)) && target === 'sameOrg'),
  /** An account, its profile or its user changed: the owner, or an admin of the organisation. */
  accountWrite: (role: MatrixRole, target: Target) => (role !== 'anonymous' && target === 'own') || (role === 'admin' && target === 'sameOrg'),
  /** A user record: the user themself, or an admin of their organisation. */
  userRead: (role: MatrixRole, target: Target) => (role !== 'anonymous' && target === 'own') || (role === 'admin' && target === 'sameOrg'),
  /** Any signed-in person of the record's organisation (the provider directory). */
  sameOrgUser: (role: MatrixRole, target: Target) => role !== 'anonymous' && target !== 'otherOrg',
  /** Patients and clinicians of the organisation (a provider's appointments, filtered to what each may see). */
  careTeamOrPatient: (role: MatrixRole, target: Target) => (has(PATIENTS, role) || has(CLINICIANS, role)) && target !== 'otherOrg',
  /** The caller's own record only (their sessions). */
  self: (role: MatrixRole, target: Target) => role !== 'anonymous' && (target === 'own' || target === 'none'),
  /** Mail: patients write to their own care team; physicians and nurses to the organisation's patients. */
  mail: (role: MatrixRole, target: Target) =>
    (has(PATIENTS, role) && (target === 'own' || target === 'none')) || ((role === 'physician' || role === 'nurse') && target !== 'otherOrg'),
  /** Locking, deactivating: an admin of the organisation only (never oneself as the last admin). */
  adminOfRecord: (role: MatrixRole, target: Target) => role === 'admin' && target === 'sameOrg',
} as const satisfies Record<PolicyName, (role: MatrixRole, target: Target) => boolean>;
export type { PolicyName };

export interface RestEntry {
  policy: PolicyName;
  /** What `:id` names (default `none`). */
  kind?: RecordKind;
  /** The write changes or removes the record: run on a throw-away record per case where one can be made. */
  destructive?: boolean;
  /** Ends or changes the caller's session or password: run on a fresh sign-in per case. */
  session?: boolean;
  /** Why the entry is as it is, where the table could surprise. */
  note?: string;
}

const e = (policy: PolicyName, kind: RecordKind = 'none', more: Omit<RestEntry, 'policy' | 'kind'> = {}): RestEntry => ({ policy, kind, ...more });

/**
 * The REST routes not declared yet (features still on hand-written routes), keyed
 * `METHOD /api/v1/pattern` as the catalogue reads it. Declared operations carry their own access
 * (REST_POLICY below merges both); converting a feature moves its entries into its declarations.
 */
const UNDECLARED_REST_POLICY: Record<string, RestEntry> = {
  // Patients and providers.
  'GET /api/v1/patients': e('patientRead', 'none', { note: 'clinicians search the organisation; a patient finds only themself' }),
  'GET /api/v1/patients/search': e('patientRead'),
  'GET /api/v1/patients/:id': e('patientRead', 'patient'),
  'PATCH /api/v1/patients/:id': e('patientCare', 'patient'),
  'GET /api/v1/patients/:id/snapshot': e('patientRead', 'patient'),
  'GET /api/v1/patients/:id/series': e('patientRead', 'patient'),
  'GET /api/v1/patients/:id/timeline': e('patientRead', 'patient'),
  'GET /api/v1/providers': e('anyUser', 'none', { note: 'the organisation directory of providers' }),
  'GET /api/v1/providers/search': e('anyUser'),
  'GET /api/v1/providers/:id': e('sameOrgUser', 'provider'),
  'GET /api/v1/analytics': e('physicianOrNurse'),

  // Measurements, photos, thresholds, alerts.
  'POST /api/v1/measurements': e('patientSelf'),
  'GET /api/v1/measurements': e('patientRead', 'patient', { note: 'the patient named by ?patient=' }),
  'GET /api/v1/measurements/:id': e('patientRead', 'measurement'),
  'GET /api/v1/patients/:id/thresholds': e('patientRead', 'patient'),
  'PUT /api/v1/patients/:id/thresholds/:type': e('patientCare', 'patient'),
  'DELETE /api/v1/patients/:id/thresholds/:type': e('patientCare', 'patient'),

  // Home gateways and their devices (docs/gateways.md).
  'POST /api/v1/patients/gateways/request-token': e('public', 'none', { note: 'the gateway agent asks with its pairing code' }),
  'GET /api/v1/patients/me/gateways': e('patientSelf'),
  'GET /api/v1/patients/:id/gateways': e('patientRead', 'patient'),
  'POST /api/v1/patients/:id/gateways': e('patientSelf', 'patient', { note: 'the patient pairs their own gateway (gateways.service.ts)' }),
  'GET /api/v1/gateways/:id': e('patientRead', 'gateway'),
  'PATCH /api/v1/gateways/:id': e('patientSelf', 'gateway'),
  'DELETE /api/v1/gateways/:id': e('patientSelf', 'gateway', { destructive: true }),
  'POST /api/v1/gateways/:id/scan': e('patientSelf', 'gateway'),
  'GET /api/v1/gateways/:id/wifi': e('patientSelf', 'gateway'),
  'POST /api/v1/gateways/:id/wifi': e('patientSelf', 'gateway'),
  'GET /api/v1/patients/me/devices': e('patientSelf'),
  'GET /api/v1/patients/:id/devices': e('patientRead', 'patient'),
  'GET /api/v1/devices/profiles': e('anyUser'),
  'POST /api/v1/devices': e('patientSelf', 'patient', { note: 'the patient adds devices to their own gateway' }),
  'GET /api/v1/devices/:id': e('patientRead', 'device'),
  'PATCH /api/v1/devices/:id': e('patientSelf', 'device'),
  'DELETE /api/v1/devices/:id': e('patientSelf', 'device', { destructive: true }),

  // Mail between a patient and their care team.
  'GET /api/v1/mail/threads': e('mail', 'none', { note: 'patients, physicians and nurses (mail-access.ts)' }),
  'POST /api/v1/mail/threads': e('mail', 'patient', { note: 'a patient writes to their team; a physician or nurse to a patient of the organisation' }),
  'GET /api/v1/mail/threads/:id': e('mail', 'thread'),
  'POST /api/v1/mail/threads/:id/messages': e('mail', 'thread'),
  'GET /api/v1/mail/unread-count': e('mail'),
  'GET /api/v1/mail/recipients': e('physicianOrNurse'),
  'GET /api/v1/mail/attachments/:id': e('mail', 'unfixtured'),
  'POST /api/v1/mail/attachments': e('mail'),

  // Appointments and visits.
  'GET /api/v1/appointments': e('patientRead'),
  'POST /api/v1/appointments': e('patientWrite', 'patient'),
  'GET /api/v1/appointments/slots': e('anyUser'),
  'GET /api/v1/appointments/dates': e('careTeamOrPatient'),
  'GET /api/v1/appointments/providers': e('anyUser'),
  'GET /api/v1/appointments/:id': e('patientRead', 'appointment'),
  'PATCH /api/v1/appointments/:id': e('patientUpdate', 'appointment'),
  'PATCH /api/v1/appointments/:id/confirm': e('patientSelf', 'appointment', { note: 'the patient confirms they will come' }),
  'PATCH /api/v1/appointments/:id/cancel': e('patientUpdate', 'appointment', { destructive: true }),
  'GET /api/v1/patients/:id/appointments': e('patientRead', 'patient'),
  'GET /api/v1/providers/:id/appointments': e('careTeamOrPatient', 'provider', { note: 'filtered: a patient sees only their own appointments with that provider' }),
  'GET /api/v1/visits': e('patientRead'),
  'POST /api/v1/visits': e('clinicianWrite', 'patient'),
  'GET /api/v1/visits/incomplete': e('physicianOrNurse'),
  'GET /api/v1/visits/code/:code': e('patientRead', 'visit'),
  'GET /api/v1/visits/:id': e('patientRead', 'visit'),
  'POST /api/v1/visits/:id/complete': e('patientCare', 'visit'),
  'POST /api/v1/visits/:id/start': e('patientCare', 'visit'),
  'POST /api/v1/visits/:id/participants/join': e('patientRead', 'visit'),
  'POST /api/v1/visits/:id/participants/leave': e('patientRead', 'visit'),
  'POST /api/v1/visits/:id/end': e('patientCare', 'visit', { destructive: true }),
  'POST /api/v1/visits/:id/captures': e('patientCare', 'visit', { note: 'a photo taken during the visit goes on the record: physicians and nurses' }),
  'GET /api/v1/visits/:id/telehealth-invitations': e('patientCare', 'visit'),
  'GET /api/v1/telehealth-invitations': e('public', 'none', { note: 'a guest views an invitation by its token' }),
  'POST /api/v1/telehealth-invitations': e('patientCare', 'visit'),
  'POST /api/v1/telehealth-invitations/join': e('public'),
  'POST /api/v1/telehealth-invitations/leave': e('public'),
  'PATCH /api/v1/telehealth-invitations/:id/revoke': e('patientCare', 'telehealthInvitation', { destructive: true }),
};

/**
 * Every tRPC procedure: the REST route it is the twin of (same service, same policy and record),
 * and how its input is shaped from the REST request's id, body and query.
 */
export type TrpcInput =
  | 'none'
  | 'body'
  | 'query'
  | 'id'
  | 'idChanges'
  | 'idValues'
  | 'idSpread'
  | 'idQuery'
  | 'patientId'
  | 'patientSpread'
  | 'patientType'
  | 'patientTypeLimits'
  | 'idCancel'
  | 'code'
  | 'providerId'
  | 'threadId'
  | 'visitId';
/** A REST request's parts as the matrix sends them (path parameters filled, sample query and body). */
export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string> | undefined;
  body: unknown;
}
export interface TrpcEntry {
  twin: string;
  /** How the input is shaped: a named shape (undeclared procedures) or the declaration's own REST mapping. */
  input: TrpcInput | ((parts: RequestParts) => unknown);
}
const tw = (twin: string, input: TrpcInput = 'none'): TrpcEntry => ({ twin: `${twin.split(' ')[0]} /api/v1${twin.split(' ')[1]}`, input });

/** The tRPC procedures not declared yet; REST_POLICY's note applies. */
const UNDECLARED_TRPC_POLICY: Record<string, TrpcEntry> = {
  'trpc patients.list': tw('GET /patients', 'query'),
  'trpc patients.get': tw('GET /patients/:id', 'id'),
  'trpc patients.updateCare': tw('PATCH /patients/:id', 'idValues'),
  'trpc patients.snapshot': tw('GET /patients/:id/snapshot', 'id'),
  'trpc patients.series': tw('GET /patients/:id/series', 'idQuery'),
  'trpc patients.timeline': tw('GET /patients/:id/timeline', 'idQuery'),
  'trpc providers.list': tw('GET /providers', 'query'),
  'trpc providers.get': tw('GET /providers/:id', 'id'),
  'trpc analytics.summary': tw('GET /analytics', 'query'),
  'trpc measurements.record': tw('POST /measurements', 'body'),
  'trpc measurements.list': tw('GET /measurements', 'query'),
  'trpc measurements.get': tw('GET /measurements/:id', 'id'),
  'trpc measurements.thresholds': tw('GET /patients/:id/thresholds', 'patientId'),
  'trpc measurements.setThresholds': tw('PUT /patients/:id/thresholds/:type', 'patientTypeLimits'),
  'trpc measurements.resetThresholds': tw('DELETE /patients/:id/thresholds/:type', 'patientType'),
  'trpc gateways.requestToken': tw('POST /patients/gateways/request-token', 'body'),
  'trpc gateways.mine': tw('GET /patients/me/gateways'),
  'trpc gateways.ofPatient': tw('GET /patients/:id/gateways', 'patientId'),
  'trpc gateways.add': tw('POST /patients/:id/gateways', 'patientSpread'),
  'trpc gateways.get': tw('GET /gateways/:id', 'id'),
  'trpc gateways.update': tw('PATCH /gateways/:id', 'idChanges'),
  'trpc gateways.delete': tw('DELETE /gateways/:id', 'id'),
  'trpc gateways.scan': tw('POST /gateways/:id/scan', 'idSpread'),
  'trpc gateways.wifiNetworks': tw('GET /gateways/:id/wifi', 'id'),
  'trpc gateways.connectWifi': tw('POST /gateways/:id/wifi', 'idSpread'),
  'trpc devices.mine': tw('GET /patients/me/devices'),
  'trpc devices.ofPatient': tw('GET /patients/:id/devices', 'patientId'),
  'trpc devices.profiles': tw('GET /devices/profiles'),
  'trpc devices.add': tw('POST /devices', 'body'),
  'trpc devices.get': tw('GET /devices/:id', 'id'),
  'trpc devices.update': tw('PATCH /devices/:id', 'idChanges'),
  'trpc devices.delete': tw('DELETE /devices/:id', 'id'),
  'trpc mail.threads': tw('GET /mail/threads', 'query'),
  'trpc mail.thread': tw('GET /mail/threads/:id', 'id'),
  'trpc mail.createThread': tw('POST /mail/threads', 'body'),
  'trpc mail.reply': tw('POST /mail/threads/:id/messages', 'threadId'),
  'trpc mail.unreadCount': tw('GET /mail/unread-count'),
  'trpc mail.recipients': tw('GET /mail/recipients', 'query'),
  'trpc appointments.list': tw('GET /appointments', 'query'),
  'trpc appointments.ofProvider': tw('GET /providers/:id/appointments', 'providerId'),
  'trpc appointments.get': tw('GET /appointments/:id', 'id'),
  'trpc appointments.book': tw('POST /appointments', 'body'),
  'trpc appointments.reschedule': tw('PATCH /appointments/:id', 'idSpread'),
  'trpc appointments.confirm': tw('PATCH /appointments/:id/confirm', 'id'),
  'trpc appointments.cancel': tw('PATCH /appointments/:id/cancel', 'idCancel'),
  'trpc appointments.dates': tw('GET /appointments/dates', 'query'),
  'trpc appointments.slots': tw('GET /appointments/slots', 'query'),
  'trpc appointments.providers': tw('GET /appointments/providers'),
  'trpc visits.list': tw('GET /visits', 'query'),
  'trpc visits.get': tw('GET /visits/:id', 'id'),
  'trpc visits.byCode': tw('GET /visits/code/:code', 'code'),
  'trpc visits.record': tw('POST /visits', 'body'),
  'trpc visits.incomplete': tw('GET /visits/incomplete', 'query'),
  'trpc visits.complete': tw('POST /visits/:id/complete', 'idSpread'),
  'trpc visits.start': tw('POST /visits/:id/start', 'id'),
  'trpc visits.join': tw('POST /visits/:id/participants/join', 'idSpread'),
  'trpc visits.leave': tw('POST /visits/:id/participants/leave', 'idSpread'),
  'trpc visits.end': tw('POST /visits/:id/end', 'id'),
  'trpc telehealthInvitations.create': tw('POST /telehealth-invitations', 'body'),
  'trpc telehealthInvitations.ofVisit': tw('GET /visits/:id/telehealth-invitations', 'visitId'),
  'trpc telehealthInvitations.revoke': tw('PATCH /telehealth-invitations/:id/revoke', 'id'),
  'trpc telehealthInvitations.view': tw('GET /telehealth-invitations', 'query'),
  'trpc telehealthInvitations.join': tw('POST /telehealth-invitations/join', 'body'),
  'trpc telehealthInvitations.leave': tw('POST /telehealth-invitations/leave', 'body'),
};

/** The input the declaration's REST route would build from these parts (unvalidated: the procedure validates). */
function declaredInput(source: InputSource<unknown>) {
  return (parts: RequestParts): unknown => {
    if (source === 'none') return undefined;
    if (source === 'params') return parts.params;
    if (source === 'query') return parts.query ?? {};
    if (source === 'body') return parts.body ?? {};
    // As the REST request arrives: an absent query string is `{}`, and so is a write's absent body.
    return source.map({ params: parts.params, query: parts.query ?? {}, body: parts.body ?? {} } as never);
  };
}

/** The access of every declared operation, one entry per REST route and one per procedure. */
function declaredPolicies() {
  const rest: Record<string, RestEntry> = {};
  const trpc: Record<string, TrpcEntry> = {};
  for (const set of OPERATION_SETS) {
    for (const op of Object.values(set.operations) as AnyOperation[]) {
      const { policy, kind, destructive, session, note } = op.access;
      const entry: RestEntry = { policy, kind: kind ?? 'none', ...(destructive ? { destructive } : {}), ...(session ? { session } : {}), ...(note ? { note } : {}) };
      for (const binding of op.rest) rest[`${binding.method} /api/v1${binding.path}`] = entry;
      const first = op.rest[0];
      if (op.trpc === false) continue;
      if (!first) throw new Error(`${op.name}: a procedure without a REST route has no matrix samples yet`);
      trpc[`trpc ${op.name}`] = { twin: `${first.method} /api/v1${first.path}`, input: declaredInput(first.input) };
    }
  }
  const twice = [...Object.keys(rest).filter((key) => key in UNDECLARED_REST_POLICY), ...Object.keys(trpc).filter((key) => key in UNDECLARED_TRPC_POLICY)];
  if (twice.length > 0) throw new Error(`declared and still listed by hand in access-policy.ts: ${twice.join(', ')}`);
  return { rest, trpc };
}
const DECLARED = declaredPolicies();

/** Every REST route under /api/v1, keyed `METHOD /api/v1/pattern` as the catalogue reads it. */
export const REST_POLICY: Record<string, RestEntry> = { ...UNDECLARED_REST_POLICY, ...DECLARED.rest };

/** Every tRPC procedure: the REST route it is the twin of (same service, same policy and record), and how its input is shaped. */
export const TRPC_POLICY: Record<string, TrpcEntry> = { ...UNDECLARED_TRPC_POLICY, ...DECLARED.trpc };

/** Every client event of the people namespace (a connected person's socket). */
export const SOCKET_POLICY: Record<string, RestEntry> = {
  'socket session:whoami': e('anyUser'),
  'socket patient:watch': e('patientRead', 'patient'),
  'socket patient:unwatch': e('anyUser', 'patient', { note: 'stopping a watch one may not hold is harmless: it answers ok and sends nothing' }),
  'socket visit:enter': e('patientRead', 'visit'),
  'socket visit:exit': e('anyUser', 'visit', { note: 'leaving a room one is not in is harmless: it answers ok and changes nothing' }),
  'socket visit:signal': e('patientRead', 'visit'),
};

/*
 * Callers that are not a person's own session (issue 15): an integration's API key, a telehealth
 * guest's token, a home gateway's token, and a caregiver switching accounts with `x-account-id`.
 * Their expectations follow the tables above; nothing here lists what the code answers today.
 */
export type CallerKind = 'apiKey' | 'revokedApiKey' | 'guestToken' | 'gatewayToken' | 'caregiverAsPatient' | 'caregiverAsOther';

/** The REST routes an integration reads with its API key (`x-api-key`, no bearer), in its own organisation only. */
export const API_KEY_READS: readonly string[] = [
  'GET /api/v1/measurements',
  'GET /api/v1/fhir/R4/Patient/:id',
  'GET /api/v1/fhir/R4/Observation',
  'GET /api/v1/fhir/R4/Observation/:id',
];

/**
 * May a caller of this kind use a REST route (`key`, its entry) on a record of `target`? Whoever
 * holds no person's session gets what a caller without a token gets; a caregiver who switched to
 * their own patient account is a patient on that account; one who names an account that is not
 * theirs (another patient's) is nobody.
 */
export function callerMay(kind: CallerKind, key: string, entry: RestEntry, target: Target): boolean {
  const open = POLICIES[entry.policy]('anonymous', target === 'none' ? 'none' : 'sameOrg');
  switch (kind) {
    case 'apiKey':
      return open || (API_KEY_READS.includes(key) && target !== 'otherOrg');
    case 'revokedApiKey':
    case 'guestToken':
    case 'gatewayToken':
    case 'caregiverAsOther':
      return open;
    case 'caregiverAsPatient':
      return POLICIES[entry.policy]('patient', target);
  }
}

/**
 * The people namespace as a telehealth guest (handshake `auth: { guestToken }`): the room of the
 * one visit and device the token names, and nothing else. `harmless`: answers ok and does nothing.
 */
export const GUEST_SOCKET_POLICY: Record<string, 'ownVisit' | 'harmless' | 'nobody'> = {
  'socket session:whoami': 'nobody',
  'socket patient:watch': 'nobody',
  'socket patient:unwatch': 'nobody',
  'socket visit:enter': 'ownVisit',
  'socket visit:exit': 'harmless',
  'socket visit:signal': 'ownVisit',
};

/**
 * The `/gateways` namespace (handshake `auth: { token }` with a gateway token): a gateway acts for
 * the patient it is assigned to only. `device`: the event names a device (own: one of the gateway's
 * patient's devices on this gateway; sameOrg: another patient's; otherOrg: another organisation's).
 */
export const GATEWAY_EVENT_POLICY: Record<string, { kind: 'none' | 'device' }> = {
  'gateway gateway:hello': { kind: 'none' },
  'gateway gateway:heartbeat': { kind: 'none' },
  'gateway readings:upload': { kind: 'device' },
  'gateway device:state': { kind: 'device' },
};
export const gatewayMay = (target: Target) => target === 'own' || target === 'none';

/** The keys of the catalogue missing from the table, and the table's keys the catalogue no longer has. */
export function coverage(catalogue: string[], table: Record<string, unknown>): { missing: string[]; stale: string[] } {
  const have = new Set(catalogue);
  return {
    missing: catalogue.filter((key) => !(key in table)).sort(),
    stale: Object.keys(table).filter((key) => !have.has(key)).sort(),
  };
}

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
  /** A patient on their own record, or an admin of the organisation (a caregiver's access revoked). */
  patientSelfOrAdmin: (role: MatrixRole, target: Target) => (has(PATIENTS, role) && (target === 'own' || target === 'none')) || (role === 'admin' && target !== 'otherOrg'),
  /** A patient's care record: the patient, and the clinicians of the patient's organisation. */
  patientRead,
  /** Written on a patient's record (an appointment booked): whoever reads it, if their role may Write. */
  patientWrite: (role: MatrixRole, target: Target) => patientRead(role, target) && can(role, 'Write'),
  /** Changed on a patient's record (rescheduled, cancelled: the record stays): readers whose role may Update. */
  patientUpdate: (role: MatrixRole, target: Target) => patientRead(role, target) && can(role, 'Update'),
  /** Handed out in another format (FHIR): readers whose role may Export (a patient their own record). */
  patientExport: (role: MatrixRole, target: Target) => patientRead(role, target) && can(role, 'Export'),
  /** A patient's alerts handed out in another format (FHIR Flags): clinicians of the organisation whose role may Export. */
  clinicianExport: (role: MatrixRole, target: Target) => has(CLINICIANS, role) && target !== 'otherOrg' && can(role, 'Export'),
  /** Clinicians of the organisation whose role may Write (a walk-in visit recorded). */
  clinicianWrite: (role: MatrixRole, target: Target) => has(CLINICIANS, role) && target !== 'otherOrg' && can(role, 'Write'),
  /** Clinicians of the organisation whose role may Update (an alert acknowledged). */
  clinicianUpdate: (role: MatrixRole, target: Target) => has(CLINICIANS, role) && target !== 'otherOrg' && can(role, 'Update'),
  /** A patient's care plan: the physicians and nurses of the patient's organisation. */
  patientCare: (role: MatrixRole, target: Target) => (role === 'physician' || role === 'nurse') && target !== 'otherOrg',
  /** Physicians, nurses and admins of the organisation: the monitoring report and its codes (billing), approving patients who signed up. */
  physicianNurseOrAdmin: (role: MatrixRole, target: Target) => (role === 'physician' || role === 'nurse' || role === 'admin') && target !== 'otherOrg',
  /** Physicians of the organisation (a report signed). */
  physician: (role: MatrixRole, target: Target) => role === 'physician' && target !== 'otherOrg',
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

/** A REST request's parts as the matrix sends them (path parameters filled, sample query and body). */
export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string> | undefined;
  body: unknown;
}
/** A tRPC procedure: the REST route it is the twin of (same service, same policy and record). */
export interface TrpcEntry {
  twin: string;
  /** Its input, made by the declaration's own REST mapping from the twin's request parts. */
  input: (parts: RequestParts) => unknown;
}

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
  return { rest, trpc };
}
const DECLARED = declaredPolicies();

/** Every REST route under /api/v1, keyed `METHOD /api/v1/pattern` as the catalogue reads it. */
export const REST_POLICY: Record<string, RestEntry> = DECLARED.rest;

/** Every tRPC procedure: the REST route it is the twin of (same service, same policy and record), and how its input is shaped. */
export const TRPC_POLICY: Record<string, TrpcEntry> = DECLARED.trpc;

/** Every client event of the people namespace (a connected person's socket). */
export const SOCKET_POLICY: Record<string, RestEntry> = {
  'socket session:whoami': e('anyUser'),
  'socket patient:watch': e('patientRead', 'patient'),
  'socket patient:unwatch': e('anyUser', 'patient', { note: 'stopping a watch one may not hold is harmless: it answers ok and sends nothing' }),
  'socket visit:enter': e('patientRead', 'visit'),
  'socket visit:join': e('patientRead', 'visit', { note: 'the visits.join operation over the socket: its service and policy' }),
  'socket visit:exit': e('anyUser', 'visit', { note: 'leaving a room one is not in is harmless: it answers ok and changes nothing' }),
  'socket visit:signal': e('patientRead', 'visit'),
  'socket visit:chat': e('patientRead', 'visit'),
  'socket visit:draw': e('patientRead', 'visit'),
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
  'GET /api/v1/fhir/R4/Patient',
  'GET /api/v1/fhir/R4/Patient/:id',
  'GET /api/v1/fhir/R4/Patient/:id/$everything',
  'GET /api/v1/fhir/R4/Practitioner/:id',
  'GET /api/v1/fhir/R4/Appointment',
  'GET /api/v1/fhir/R4/Appointment/:id',
  'GET /api/v1/fhir/R4/Encounter',
  'GET /api/v1/fhir/R4/Encounter/:id',
  'GET /api/v1/fhir/R4/Observation',
  'GET /api/v1/fhir/R4/Observation/:id',
  'GET /api/v1/fhir/R4/Device',
  'GET /api/v1/fhir/R4/Device/:id',
  'GET /api/v1/fhir/R4/Provenance',
  'GET /api/v1/fhir/R4/Provenance/:id',
  'GET /api/v1/fhir/R4/Communication',
  'GET /api/v1/fhir/R4/Communication/:id',
  'GET /api/v1/fhir/R4/Flag',
  'GET /api/v1/fhir/R4/Flag/:id',
  'POST /api/v1/fhir/R4/Subscription',
  'GET /api/v1/fhir/R4/Subscription',
  'GET /api/v1/fhir/R4/Subscription/:id',
  'DELETE /api/v1/fhir/R4/Subscription/:id',
  'GET /api/v1/fhir/R4/$export',
  'GET /api/v1/fhir/R4/Patient/$export',
  'GET /api/v1/fhir/R4/$export-status/:id',
  'DELETE /api/v1/fhir/R4/$export-status/:id',
  'GET /api/v1/fhir/R4/$export-file/:id/:fileId',
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
  'socket visit:join': 'nobody',
  'socket visit:enter': 'ownVisit',
  'socket visit:exit': 'harmless',
  'socket visit:signal': 'ownVisit',
  'socket visit:chat': 'ownVisit',
  'socket visit:draw': 'ownVisit',
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
  'gateway ecg:samples': { kind: 'device' },
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

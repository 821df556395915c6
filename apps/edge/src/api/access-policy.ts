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
  // Auth: the sign-in and sign-up flows are public (rate limited); the rest is about one's own session.
  'POST /api/v1/auth/login': e('public'),
  'POST /api/v1/auth/refresh': e('nobody', 'none', { note: 'public, but only with the refresh cookie, which the matrix does not send: 401 for everyone' }),
  'POST /api/v1/auth/logout': e('anyUser', 'none', { session: true }),
  'POST /api/v1/auth/logout-everywhere': e('anyUser', 'none', { session: true }),
  'GET /api/v1/auth/sessions': e('anyUser'),
  'DELETE /api/v1/auth/sessions/:id': e('self', 'session', { session: true }),
  'POST /api/v1/auth/change-password': e('anyUser', 'none', { session: true }),
  'POST /api/v1/auth/signup': e('public'),
  'POST /api/v1/auth/signup/verify': e('public'),
  'POST /api/v1/auth/signup/resend-verification': e('public'),
  'POST /api/v1/auth/signup/complete': e('public'),
  'POST /api/v1/auth/email-check': e('public', 'none', { note: 'the full answer only for an admin or an invitation holder; others "not told"' }),
  'POST /api/v1/auth/password-reset/request': e('public'),
  'POST /api/v1/auth/password-reset/confirm': e('public'),
  // Two-factor sign-in: the second step needs the challenge a correct password gives; the rest is staff's own.
  'POST /api/v1/auth/login/two-factor': e('nobody', 'none', { note: 'public, but only with a live challenge token from a correct password, which the matrix does not hold: 401 for everyone' }),
  'POST /api/v1/auth/login/two-factor/setup': e('nobody', 'none', { note: 'public, but only with a live enrolment challenge: 401 for everyone' }),
  'POST /api/v1/auth/login/two-factor/enrol': e('nobody', 'none', { note: 'public, but only with a live enrolment challenge: 401 for everyone' }),
  'GET /api/v1/auth/two-factor': e('anyUser'),
  'POST /api/v1/auth/two-factor/setup': e('staff', 'none', { note: 'patients and caregivers: 403 twoFactorStaffOnly' }),
  'POST /api/v1/auth/two-factor/confirm': e('staff'),
  'POST /api/v1/auth/two-factor/disable': e('staff'),
  'POST /api/v1/auth/two-factor/recovery-codes': e('staff'),

  // Profile, accounts, users (docs/access-control.md "Record level").
  'GET /api/v1/profile': e('anyUser'),
  'PATCH /api/v1/profile': e('anyUser'),
  'GET /api/v1/accounts': e('anyUser', 'none', { note: 'an admin gets the organisation, anyone else their own accounts' }),
  'POST /api/v1/accounts': e('admin', 'user'),
  'GET /api/v1/accounts/:id': e('accountRead', 'account'),
  'GET /api/v1/accounts/:id/profile': e('accountRead', 'account'),
  'PATCH /api/v1/accounts/:id': e('accountWrite', 'account'),
  'DELETE /api/v1/accounts/:id': e('adminOfRecord', 'account', { destructive: true }),
  'GET /api/v1/users/username/:name/available': e('public'),
  'GET /api/v1/users/me': e('anyUser'),
  'GET /api/v1/users': e('admin'),
  'POST /api/v1/users': e('admin'),
  'GET /api/v1/users/:id': e('userRead', 'user'),
  'PATCH /api/v1/users/:id': e('accountWrite', 'user'),
  'DELETE /api/v1/users/:id': e('adminOfRecord', 'user', { destructive: true }),

  // FHIR (read with a person's token or an API key).
  'GET /api/v1/fhir/R4/Patient/:id': e('patientExport', 'patient'),
  'GET /api/v1/fhir/R4/Observation': e('patientExport', 'patient', { note: 'the patient named by ?patient=' }),
  'GET /api/v1/fhir/R4/Observation/:id': e('patientExport', 'measurement'),

  // Invitations (admins invite; the invitee completes with the e-mailed token).
  'GET /api/v1/invitations': e('admin'),
  'POST /api/v1/invitations': e('admin'),
  'POST /api/v1/invitations/verify': e('public'),
  'POST /api/v1/invitations/complete': e('public'),
  'GET /api/v1/invitations/:id': e('admin', 'invitation'),
  'PATCH /api/v1/invitations/:id': e('admin', 'invitation'),
  'DELETE /api/v1/invitations/:id': e('admin', 'invitation', { destructive: true }),
  'PATCH /api/v1/invitations/:id/resend': e('admin', 'invitation'),
  'PATCH /api/v1/invitations/:id/revoke': e('admin', 'invitation', { destructive: true }),

  // Vendors and device profiles: the organisation's catalogue, kept by its admins.
  'GET /api/v1/vendors': e('admin'),
  'POST /api/v1/vendors': e('admin'),
  'GET /api/v1/vendors/:id': e('admin', 'vendor'),
  'PATCH /api/v1/vendors/:id': e('admin', 'vendor'),
  'DELETE /api/v1/vendors/:id': e('admin', 'vendor', { destructive: true }),
  'POST /api/v1/vendors/:id/ouis': e('admin', 'vendor'),
  'DELETE /api/v1/vendors/:id/ouis/:value': e('admin', 'vendor'),
  'POST /api/v1/vendors/:id/company-identifiers': e('admin', 'vendor'),
  'DELETE /api/v1/vendors/:id/company-identifiers/:value': e('admin', 'vendor'),
  'GET /api/v1/device-profiles': e('admin'),
  'POST /api/v1/device-profiles': e('admin'),
  'GET /api/v1/device-profiles/:id': e('admin', 'deviceProfile'),
  'PATCH /api/v1/device-profiles/:id': e('admin', 'deviceProfile'),
  'POST /api/v1/device-profiles/:id/complete': e('admin', 'deviceProfile'),
  'POST /api/v1/device-profiles/:id/duplicate': e('admin', 'deviceProfile'),
  'GET /api/v1/device-profiles/:id/versions': e('admin', 'deviceProfile'),
  'DELETE /api/v1/device-profiles/:id': e('admin', 'deviceProfile', { destructive: true }),

  // System, settings, reports.
  'GET /api/v1/lookups': e('anyUser'),
  'GET /api/v1/lookups/:type': e('anyUser'),
  'POST /api/v1/logs': e('public', 'none', { note: 'the web app reports its errors before sign-in too' }),
  'GET /api/v1/dev/outbox': e('admin', 'none', {
    note: "the development mail outbox (no SMTP): the organisation's admins read its mail (others' admins see none of it); anyone only with DEV_OUTBOX=true, which production refuses; 404 with SMTP or MAIL_DISABLED",
  }),
  'GET /api/v1/settings/public': e('public'),
  'GET /api/v1/settings/app': e('anyUser'),
  'GET /api/v1/settings': e('admin'),
  'GET /api/v1/settings/:area': e('admin'),
  'PATCH /api/v1/settings/:area': e('admin'),
  'GET /api/v1/telemedicine/config': e('anyUser'),
  'GET /api/v1/reports/summary': e('admin'),
  'GET /api/v1/billing/rpm': e('admin'),
  'GET /api/v1/system/status': e('admin'),
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
  | 'idValue'
  | 'area'
  | 'areaValues'
  | 'name'
  | 'type';
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
  'trpc auth.login': tw('POST /auth/login', 'body'),
  'trpc auth.refresh': tw('POST /auth/refresh'),
  'trpc auth.logout': tw('POST /auth/logout'),
  'trpc auth.logoutEverywhere': tw('POST /auth/logout-everywhere'),
  'trpc auth.sessions': tw('GET /auth/sessions'),
  'trpc auth.endSession': tw('DELETE /auth/sessions/:id', 'id'),
  'trpc auth.changePassword': tw('POST /auth/change-password', 'body'),
  'trpc auth.signup': tw('POST /auth/signup', 'body'),
  'trpc auth.verifySignup': tw('POST /auth/signup/verify', 'body'),
  'trpc auth.resendVerification': tw('POST /auth/signup/resend-verification', 'body'),
  'trpc auth.completeSignup': tw('POST /auth/signup/complete', 'body'),
  'trpc auth.emailCheck': tw('POST /auth/email-check', 'body'),
  'trpc auth.requestPasswordReset': tw('POST /auth/password-reset/request', 'body'),
  'trpc auth.confirmPasswordReset': tw('POST /auth/password-reset/confirm', 'body'),
  'trpc auth.twoFactorLogin': tw('POST /auth/login/two-factor', 'body'),
  'trpc auth.twoFactorLoginSetup': tw('POST /auth/login/two-factor/setup', 'body'),
  'trpc auth.twoFactorLoginEnrol': tw('POST /auth/login/two-factor/enrol', 'body'),
  'trpc auth.twoFactorStatus': tw('GET /auth/two-factor'),
  'trpc auth.twoFactorSetup': tw('POST /auth/two-factor/setup'),
  'trpc auth.twoFactorConfirm': tw('POST /auth/two-factor/confirm', 'body'),
  'trpc auth.twoFactorDisable': tw('POST /auth/two-factor/disable', 'body'),
  'trpc auth.twoFactorRecoveryCodes': tw('POST /auth/two-factor/recovery-codes', 'body'),
  'trpc profile.get': tw('GET /profile'),
  'trpc profile.update': tw('PATCH /profile', 'body'),
  'trpc accounts.list': tw('GET /accounts', 'query'),
  'trpc accounts.get': tw('GET /accounts/:id', 'id'),
  'trpc accounts.profile': tw('GET /accounts/:id/profile', 'id'),
  'trpc accounts.create': tw('POST /accounts', 'body'),
  'trpc accounts.update': tw('PATCH /accounts/:id', 'idChanges'),
  'trpc accounts.delete': tw('DELETE /accounts/:id', 'id'),
  'trpc users.me': tw('GET /users/me'),
  'trpc users.list': tw('GET /users', 'query'),
  'trpc users.get': tw('GET /users/:id', 'id'),
  'trpc users.create': tw('POST /users', 'body'),
  'trpc users.update': tw('PATCH /users/:id', 'idChanges'),
  'trpc users.delete': tw('DELETE /users/:id', 'id'),
  'trpc users.usernameAvailable': tw('GET /users/username/:name/available', 'name'),
  'trpc fhir.patient': tw('GET /fhir/R4/Patient/:id', 'id'),
  'trpc fhir.observation': tw('GET /fhir/R4/Observation/:id', 'id'),
  'trpc fhir.observations': tw('GET /fhir/R4/Observation', 'query'),
  'trpc invitations.list': tw('GET /invitations', 'query'),
  'trpc invitations.create': tw('POST /invitations', 'body'),
  'trpc invitations.get': tw('GET /invitations/:id', 'id'),
  'trpc invitations.update': tw('PATCH /invitations/:id', 'idChanges'),
  'trpc invitations.delete': tw('DELETE /invitations/:id', 'id'),
  'trpc invitations.resend': tw('PATCH /invitations/:id/resend', 'id'),
  'trpc invitations.revoke': tw('PATCH /invitations/:id/revoke', 'id'),
  'trpc invitations.verify': tw('POST /invitations/verify', 'body'),
  'trpc invitations.complete': tw('POST /invitations/complete', 'body'),
  'trpc vendors.list': tw('GET /vendors', 'query'),
  'trpc vendors.create': tw('POST /vendors', 'body'),
  'trpc vendors.get': tw('GET /vendors/:id', 'id'),
  'trpc vendors.update': tw('PATCH /vendors/:id', 'idChanges'),
  'trpc vendors.delete': tw('DELETE /vendors/:id', 'id'),
  'trpc vendors.addOui': tw('POST /vendors/:id/ouis', 'idValue'),
  'trpc vendors.removeOui': tw('DELETE /vendors/:id/ouis/:value', 'idValue'),
  'trpc vendors.addCompanyIdentifier': tw('POST /vendors/:id/company-identifiers', 'idValue'),
  'trpc vendors.removeCompanyIdentifier': tw('DELETE /vendors/:id/company-identifiers/:value', 'idValue'),
  'trpc deviceProfiles.list': tw('GET /device-profiles', 'query'),
  'trpc deviceProfiles.create': tw('POST /device-profiles', 'body'),
  'trpc deviceProfiles.get': tw('GET /device-profiles/:id', 'id'),
  'trpc deviceProfiles.update': tw('PATCH /device-profiles/:id', 'idChanges'),
  'trpc deviceProfiles.complete': tw('POST /device-profiles/:id/complete', 'id'),
  'trpc deviceProfiles.duplicate': tw('POST /device-profiles/:id/duplicate', 'id'),
  'trpc deviceProfiles.versions': tw('GET /device-profiles/:id/versions', 'id'),
  'trpc deviceProfiles.delete': tw('DELETE /device-profiles/:id', 'id'),
  'trpc lookups.list': tw('GET /lookups'),
  'trpc lookups.get': tw('GET /lookups/:type', 'type'),
  'trpc logs.create': tw('POST /logs', 'body'),
  'trpc settings.public': tw('GET /settings/public'),
  'trpc settings.app': tw('GET /settings/app'),
  'trpc settings.all': tw('GET /settings'),
  'trpc settings.get': tw('GET /settings/:area', 'area'),
  'trpc settings.update': tw('PATCH /settings/:area', 'areaValues'),
  'trpc telemedicine.config': tw('GET /telemedicine/config'),
  'trpc reports.summary': tw('GET /reports/summary'),
  'trpc reports.rpmBilling': tw('GET /billing/rpm', 'query'),
  'trpc reports.systemStatus': tw('GET /system/status'),
};

/** The input the declaration's REST route would build from these parts (unvalidated: the procedure validates). */
function declaredInput(source: InputSource<unknown>) {
  return (parts: RequestParts): unknown => {
    if (source === 'none') return undefined;
    if (source === 'params') return parts.params;
    if (source === 'query') return parts.query ?? {};
    if (source === 'body') return parts.body ?? {};
    // A REST request always has a query object (an empty one when the URL has none).
    return source.map({ ...parts, query: parts.query ?? {} } as never);
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

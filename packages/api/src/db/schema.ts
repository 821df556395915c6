import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

export const accountNumberSeq = pgSequence('account_number_seq', { startWith: 10000001 });
export const mrnSeq = pgSequence('mrn_seq', { startWith: 500001 });

export const organisations = pgTable('organisations', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    isLocked: boolean('is_locked').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    status: text('status', { enum: ['active', 'inactive'] }).notNull().default('active'),
    lastLogin: at('last_login'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    accountNumber: text('account_number')
      .notNull()
      .unique()
      .default(sql`'A' || nextval('account_number_seq')::text`),
    accountLabel: text('account_label'),
    accountType: text('account_type', { enum: ['pat', 'prov', 'car', 'ins'] }).notNull(),
    status: text('status', { enum: ['active', 'inactive', 'pending'] }).notNull().default('active'),
    isDefault: boolean('is_default').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeen: at('last_seen'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // A user has exactly one default account: at most one here, at least one kept by the service.
    uniqueIndex('accounts_one_default_per_user').on(t.userId).where(sql`${t.isDefault}`),
    index('accounts_organisation_idx').on(t.organisationId, t.accountType),
  ],
);

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: integer('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.role] })],
);

export const profiles = pgTable('profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  middleName: text('middle_name'),
  lastName: text('last_name').notNull(),
  preferredName: text('preferred_name'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  gender: text('gender'),
  preferredLanguage: text('preferred_language').notNull().default('en-US'),
  timezone: text('timezone').notNull().default('UTC'),
  email: text('email'),
  phone: text('phone'),
  address: text('address'),
  country: text('country'),
  maritalStatus: text('marital_status'),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  textNotifications: boolean('text_notifications').notNull().default(false),
});

export const patientProfiles = pgTable('patient_profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  mrn: text('mrn')
    .notNull()
    .unique()
    .default(sql`'MRN' || nextval('mrn_seq')::text`),
  primaryProviderId: uuid('primary_provider_id').references(() => accounts.id, { onDelete: 'set null' }),
  emrId: text('emr_id'),
  careTeamId: text('care_team_id'),
  medicalHistory: jsonb('medical_history').$type<string[]>().notNull().default([]),
  medications: jsonb('medications').$type<string[]>().notNull().default([]),
  allergies: jsonb('allergies').$type<string[]>().notNull().default([]),
  bloodType: text('blood_type'),
  fhirData: jsonb('fhir_data').$type<Record<string, unknown>>(),
});

export const providerProfiles = pgTable('provider_profiles', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  npi: text('npi'),
  clinicName: text('clinic_name'),
  licenseNumber: text('license_number'),
  yearsOfExperience: integer('years_of_experience'),
  education: text('education'),
  certifications: jsonb('certifications').$type<string[]>().notNull().default([]),
  spokenLanguages: jsonb('spoken_languages').$type<string[]>().notNull().default([]),
  specialty: text('specialty'),
});

/** A signed-in device. Access tokens name their session, so signing out ends them at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored hashed; one family per session, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A self sign-up waiting for its e-mail to be verified and the sign-up completed. */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: text('account_type', { enum: ['pat', 'prov', 'car', 'ins'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    lastSentAt: at('last_sent_at').notNull().defaultNow(),
    verifiedAt: at('verified_at'),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('signup_requests_email_idx').on(sql`lower(${t.email})`)],
);

/** An invitation to join an organisation with a given role; the token travels only in its e-mail. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    email: text('email').notNull(),
    role: integer('role').notNull(),
    accountType: text('account_type', { enum: ['pat', 'prov', 'car', 'ins'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    status: text('status', { enum: ['pending', 'accepted', 'revoked'] }).notNull().default('pending'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    lastSentAt: at('last_sent_at').notNull().defaultNow(),
    acceptedAt: at('accepted_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('invitations_organisation_idx').on(t.organisationId, t.createdAt)],
);

/** A maker of Bluetooth health devices, known to one organisation. */
export const vendors = pgTable(
  'vendors',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    vendorName: text('vendor_name').notNull(),
    address: text('address'),
    website: text('website'),
    contactPerson: text('contact_person'),
    taxId: text('tax_id'),
    createdAt: createdAt(),
  },
  (t) => [index('vendors_organisation_idx').on(t.organisationId)],
);

/** Bluetooth vendor identifiers (OUI, EA:E0:AA) and company identifiers (0x0CA5) of a vendor. */
export const vendorIdentifiers = pgTable(
  'vendor_identifiers',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['oui', 'company'] }).notNull(),
    value: text('value').notNull(),
  },
  // One identifier names one vendor of an organisation: a reading's maker must be unambiguous.
  (t) => [uniqueIndex('vendor_identifiers_unique').on(t.organisationId, t.kind, t.value)],
);

/** A Bluetooth task workflow that gateways run: GATT tasks in start, task and end phases. */
export const deviceProfiles = pgTable(
  'device_profiles',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    profileName: text('profile_name').notNull(),
    vendorId: uuid('vendor_id').references(() => vendors.id, { onDelete: 'set null' }),
    measurement: text('measurement'),
    device: text('device'),
    tasks: jsonb('tasks').$type<unknown[]>().notNull().default([]),
    state: text('state', { enum: ['draft', 'complete'] }).notNull().default('draft'),
    // The last completed version (0 before the first): what gateways receive, even while a newer draft is edited.
    version: integer('version').notNull().default(0),
    // The Bluetooth SIG health-service profiles every organisation starts with; read-only, copied to customise.
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('device_profiles_organisation_idx').on(t.organisationId, t.updatedAt)],
);

/** Each completed version of a device profile, kept as it was completed: gateways run these. */
export const deviceProfileVersions = pgTable(
  'device_profile_versions',
  {
    profileId: uuid('profile_id')
      .notNull()
      .references(() => deviceProfiles.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    profileName: text('profile_name').notNull(),
    vendorId: uuid('vendor_id'),
    measurement: text('measurement').notNull(),
    device: text('device').notNull(),
    tasks: jsonb('tasks').$type<unknown[]>().notNull(),
    completedAt: at('completed_at').notNull().defaultNow(),
    completedBy: uuid('completed_by'),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.version] })],
);

/** An organisation's settings, one row per dashboard area; values are validated by the area's schema. */
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    area: text('area').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.area] })],
);

/**
 * A patient's reading, stored canonically (values in UCUM units, see the measurements schema). The id
 * is given where the reading is captured, so a gateway's retried upload is stored once.
 */
export const measurements = pgTable(
  'measurements',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    takenAt: at('taken_at').notNull(),
    source: text('source', { enum: ['manual', 'gateway'] }).notNull(),
    deviceId: uuid('device_id'),
    note: text('note'),
    createdAt: createdAt(),
    createdByAccountId: uuid('created_by_account_id'),
  },
  (t) => [
    index('measurements_patient_idx').on(t.patientAccountId, t.takenAt),
    index('measurements_organisation_idx').on(t.organisationId, t.takenAt),
  ],
);

/** The dev outbox: mail kept in the database when no SMTP server is configured. */
export const outbox = pgTable('outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});

/**
 * Append-only record of every read and write of patient data and every refused access.
 * A trigger in the migrations refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: createdAt(),
    actorUserId: uuid('actor_user_id'),
    actorAccountId: uuid('actor_account_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id'),
    outcome: text('outcome', { enum: ['allowed', 'denied'] }).notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_resource_idx').on(t.resourceType, t.resourceId), index('audit_log_actor_idx').on(t.actorUserId)],
);

export const errorLogs = pgTable('error_logs', {
  id: id(),
  at: createdAt(),
  userId: uuid('user_id'),
  key: text('key').notNull(),
  message: text('message').notNull(),
  stack: text('stack'),
  info: text('info'),
  environment: jsonb('environment').$type<Record<string, unknown>>().notNull(),
});

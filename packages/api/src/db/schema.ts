import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
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

/** Raw bytes (PostgreSQL bytea); drizzle's pg-core has no bytea column of its own. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

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

export const profiles = pgTable(
  'profiles',
  {
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
  },
  (t) => [
    // Patient search finds a word anywhere in any name (ILIKE '%word%'): trigram GIN (migration 0025).
    index('profiles_names_trgm_idx').using(
      'gin',
      t.firstName.op('gin_trgm_ops'),
      t.middleName.op('gin_trgm_ops'),
      t.lastName.op('gin_trgm_ops'),
      t.preferredName.op('gin_trgm_ops'),
    ),
    index('profiles_date_of_birth_idx').on(t.dateOfBirth),
  ],
);

export const patientProfiles = pgTable(
  'patient_profiles',
  {
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
  },
  (t) => [index('patient_profiles_mrn_trgm_idx').using('gin', t.mrn.op('gin_trgm_ops'))],
);

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

/** A password-reset link: its token kept only as a hash, usable once (used_at) until it expires. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * A user's authenticator (TOTP, RFC 6238): the secret sealed (auth/totp.ts), never returned once
 * enrolment is confirmed; a pending secret while enrolment waits for its first code; the last step
 * accepted, so no code is accepted twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed'),
  pendingSecretSealed: text('pending_secret_sealed'),
  pendingCreatedAt: at('pending_created_at'),
  enabledAt: at('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Single-use recovery codes, kept only as SHA-256 hashes (each code carries 80 random bits). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in: a short-lived, single-purpose token (stored hashed) that is no access
 * token. `code`: the user answers with an authenticator or recovery code; `enrol`: the user must
 * enrol an authenticator before any token is issued.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['code', 'enrol'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('login_challenges_user_idx').on(t.userId)],
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
    source: text('source', { enum: ['manual', 'gateway', 'visit'] }).notNull(),
    deviceId: uuid('device_id'),
    note: text('note'),
    // Blood sugar: taken before or after a meal.
    meal: text('meal', { enum: ['before', 'after'] }),
    // The range class the patient's thresholds gave it when it was taken (lowest … highest).
    rangeClass: text('range_class'),
    // A camera measurement's photo.
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    createdByAccountId: uuid('created_by_account_id'),
    // A snapshot taken during a video visit: its record shows it.
    visitId: uuid('visit_id').references((): AnyPgColumn => visits.id, { onDelete: 'set null' }),
    // A gateway reading whose device clock was off: the device's own time stamp (taken_at is the gateway's receive time).
    deviceTakenAt: at('device_taken_at'),
    // A gateway reading's coded device flags (DEVICE_READING_FLAGS), null when it had none.
    deviceFlags: jsonb('device_flags').$type<string[]>(),
  },
  (t) => [
    index('measurements_patient_idx').on(t.patientAccountId, t.takenAt),
    // One type of a patient's readings, newest first: the chart, and the snapshot's latest of each type.
    index('measurements_patient_type_idx').on(t.patientAccountId, t.type, t.takenAt.desc(), t.id.desc()),
    // The organisation's month figures read the columns they count from the index alone (migration 0025).
    index('measurements_organisation_idx').on(t.organisationId, t.takenAt, t.patientAccountId, t.type, t.rangeClass),
    index('measurements_visit_idx').on(t.visitId).where(sql`${t.visitId} IS NOT NULL`),
  ],
);

/**
 * The days each patient took readings, a month to a row (migration 0033): bit d−1 of `days` is day d
 * of `month` on the organisation's calendar. Kept by every insert of readings and rebuilt when the
 * organisation's time zone changes, so the monitoring report counts a clinic's days from 20,000 rows
 * a month instead of grouping millions of readings (bench/scale.ts).
 */
export const readingDays = pgTable(
  'reading_days',
  {
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** YYYY-MM */
    month: text('month').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.patientAccountId, t.month] }), index('reading_days_organisation_idx').on(t.organisationId, t.month)],
);

/**
 * A gateway reading outside physiological limits (migration 0028), held for a clinician's review
 * apart from the measurements, so no task, alert, chart, average or report counts it. Accepted, it
 * becomes a measurement with the same id; rejected, it stays here as entered-in-error.
 */
export const heldReadings = pgTable(
  'held_readings',
  {
    id: uuid('id').primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id'),
    gatewayId: uuid('gateway_id'),
    type: text('type').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    meal: text('meal', { enum: ['before', 'after'] }),
    note: text('note'),
    takenAt: at('taken_at').notNull(),
    deviceTakenAt: at('device_taken_at'),
    deviceFlags: jsonb('device_flags').$type<string[]>().notNull().default([]),
    outOfLimits: jsonb('out_of_limits').$type<string[]>().notNull(),
    // Why it is held (migration 0031): outside physiological limits, or taken under another user of a shared meter.
    reason: text('reason', { enum: ['outOfLimits', 'otherUser'] }).notNull().default('outOfLimits'),
    // otherUser: the user index the meter sent, and the patient's user number on the meter at the time.
    userIndex: integer('user_index'),
    userSlot: integer('user_slot'),
    status: text('status', { enum: ['held', 'accepted', 'rejected'] }).notNull().default('held'),
    receivedAt: at('received_at').notNull().defaultNow(),
    reviewedAt: at('reviewed_at'),
    reviewedByAccountId: uuid('reviewed_by_account_id'),
    reviewComment: text('review_comment'),
  },
  (t) => [index('held_readings_patient_idx').on(t.patientAccountId, t.status, t.takenAt)],
);

/** Uploaded files (measurement photos, mail attachments), kept in the database with access checked on read. */
export const files = pgTable('files', {
  id: id(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id),
  ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'set null' }),
  // The patient whose record the file belongs to: access follows the patient's.
  patientAccountId: uuid('patient_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Per-patient limits that sort a measurement's values into range classes; set by providers. */
export const measurementThresholds = pgTable(
  'measurement_thresholds',
  {
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    limits: jsonb('limits').$type<Record<string, unknown>>().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    updatedByAccountId: uuid('updated_by_account_id'),
  },
  (t) => [primaryKey({ columns: [t.patientAccountId, t.type] })],
);

/** An out-of-range reading raises an alert for the patient's care team until someone acknowledges it. */
/**
 * One open alert per patient and measurement type (issue 17): a later out-of-range reading attaches
 * to it (alert_readings) and raises its severity if worse, never lowers it. `measurementId` is the
 * latest attached reading. The partial unique index is what makes two readings arriving at once
 * attach to one alert rather than open two (the insert is an upsert on it). Resolved implies
 * acknowledged, so "open" (waiting for the care team) is `acknowledged_at is null`.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** The latest reading; null for a "no readings" alert. */
    measurementId: uuid('measurement_id').references(() => measurements.id, { onDelete: 'cascade' }),
    /** The worst class of the attached readings, and its rank (RANGE_SEVERITY) for ordering. */
    rangeClass: text('range_class').notNull(),
    severity: integer('severity').notNull(),
    lastReadingAt: at('last_reading_at').notNull(),
    createdAt: createdAt(),
    acknowledgedAt: at('acknowledged_at'),
    acknowledgedByAccountId: uuid('acknowledged_by_account_id'),
    assignedToAccountId: uuid('assigned_to_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    resolvedByAccountId: uuid('resolved_by_account_id'),
    /** Since when it waits for acknowledgement: opened, or raised back to the inbox. */
    waitingSince: at('waiting_since').notNull().defaultNow(),
    /** Escalation steps taken (0 none, 1 assignee, 2 primary provider, 3 on-call); each claimed by the update that sets it. */
    escalationLevel: integer('escalation_level').notNull().default(0),
    escalatedAt: at('escalated_at'),
  },
  (t) => [
    index('alerts_organisation_idx').on(t.organisationId, t.createdAt),
    index('alerts_waiting_idx').on(t.organisationId).where(sql`${t.acknowledgedAt} is null and ${t.resolvedAt} is null`),
    uniqueIndex('alerts_one_open_per_type').on(t.patientAccountId, t.type).where(sql`${t.resolvedAt} is null`),
  ],
);

/** The readings of an alert: the trend since the last normal reading. */
export const alertReadings = pgTable(
  'alert_readings',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    measurementId: uuid('measurement_id')
      .notNull()
      .references(() => measurements.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.measurementId] })],
);

/** An alert's own history: opened, raised, acknowledged, assigned, resolved; who, when, with what comment. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorAccountId: uuid('actor_account_id'),
    at: at('at').notNull().defaultNow(),
    comment: text('comment'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId, t.id)],
);

/** Which providers care for a patient (the care team reads the patient's mail and alerts). */
export const careTeamMembers = pgTable(
  'care_team_members',
  {
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    providerAccountId: uuid('provider_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.patientAccountId, t.providerAccountId] })],
);

/** Measurement schedule of spec §3: it generates the patient's daily tasks. */
export const measurementSchedules = pgTable(
  'measurement_schedules',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'biweekly', 'monthly', 'specificDays'] }).notNull(),
    days: jsonb('days').$type<string[]>().notNull().default([]),
    times: jsonb('times').$type<string[]>().notNull(),
    // The patient's time zone when the schedule was set: task times are wall-clock times there.
    timezone: text('timezone').notNull(),
    notifyByEmail: boolean('notify_by_email').notNull().default(false),
    meal: text('meal', { enum: ['before', 'after'] }),
    active: boolean('active').notNull().default(true),
    createdByAccountId: uuid('created_by_account_id'),
    createdAt: createdAt(),
  },
  (t) => [index('measurement_schedules_patient_idx').on(t.patientAccountId)],
);

/** A daily task: one occurrence of a schedule (or a one-off task), completed by taking its measurement. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id').references(() => measurementSchedules.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    dueAt: at('due_at').notNull(),
    // The patient's calendar day of the task, for the home screen's day and calendar.
    localDate: date('local_date', { mode: 'string' }).notNull(),
    meal: text('meal', { enum: ['before', 'after'] }),
    status: text('status', { enum: ['pending', 'complete', 'cancelled'] }).notNull().default('pending'),
    completedAt: at('completed_at'),
    measurementId: uuid('measurement_id').references(() => measurements.id, { onDelete: 'set null' }),
    notifiedAt: at('notified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tasks_schedule_due_key').on(t.scheduleId, t.dueAt),
    index('tasks_patient_idx').on(t.patientAccountId, t.localDate),
  ],
);

/** Appointments of spec §4: pv (postoperative) or tv (telemedicine), between a patient and a provider. */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    providerAccountId: uuid('provider_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['pv', 'tv'] }).notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    status: text('status', { enum: ['scheduled', 'confirmed', 'rescheduled', 'cancelled', 'completed', 'noShow'] })
      .notNull()
      .default('scheduled'),
    reason: text('reason'),
    cancelReason: text('cancel_reason'),
    cancelNote: text('cancel_note'),
    confirmedAt: at('confirmed_at'),
    createdByAccountId: uuid('created_by_account_id'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('appointments_patient_idx').on(t.patientAccountId, t.startsAt),
    index('appointments_provider_idx').on(t.providerAccountId, t.startsAt),
  ],
);

/**
 * A visit: what happens at an appointment (in person or by video). It is complete once a provider
 * writes its summary and notes; until then it is on the incomplete-visits list.
 */
export const visits = pgTable(
  'visits',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    // The code a participant joins a telehealth visit with.
    code: text('code').notNull().unique(),
    // Visit status codes of spec §4 (p pending by default).
    status: text('status').notNull().default('p'),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    summary: text('summary'),
    notes: text('notes'),
    completedAt: at('completed_at'),
    completedByAccountId: uuid('completed_by_account_id'),
    // A signed note is locked: later changes are addenda (visit_note_addenda), never edits.
    notesSignedAt: at('notes_signed_at'),
    notesSignedByAccountId: uuid('notes_signed_by_account_id'),
    // The provider's word to the waiting room ("running 10 minutes late"); null: on time.
    runningLateMinutes: integer('running_late_minutes'),
    createdAt: createdAt(),
  },
  (t) => [index('visits_organisation_idx').on(t.organisationId, t.completedAt)],
);

/**
 * What a clinician adds to a visit's note once it is signed: the note itself stays as signed, and
 * each addendum keeps its author and time (rows are only ever inserted).
 */
export const visitNoteAddenda = pgTable(
  'visit_note_addenda',
  {
    id: id(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    authorAccountId: uuid('author_account_id')
      .notNull()
      .references(() => accounts.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('visit_note_addenda_visit_idx').on(t.visitId, t.createdAt)],
);

/**
 * Who is in a visit, on which device. A row stays once the participant leaves (left_at set), so the
 * visit keeps its record of who attended; one person has at most one device in a visit at a time
 * (taking over from another device closes that device's row).
 */
export const visitParticipants = pgTable(
  'visit_participants',
  {
    id: id(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    // Null for a guest, who joins by a telehealth invitation.
    accountId: uuid('account_id').references(() => accounts.id),
    invitationId: uuid('invitation_id'),
    role: text('role').notNull(),
    deviceId: text('device_id').notNull(),
    joinedAt: at('joined_at').notNull().defaultNow(),
    // Null while in the waiting room; set when a clinician lets them in (or at once, for providers
    // and where the organisation admits automatically).
    admittedAt: at('admitted_at'),
    leftAt: at('left_at'),
  },
  (t) => [index('visit_participants_visit_idx').on(t.visitId, t.leftAt)],
);

/**
 * The visit's chat (issue 18): what its participants wrote during the call, kept with the visit so
 * its record shows them afterwards. The sender is an account or a guest's invitation; their name is
 * kept as it was then. Rows are only ever inserted.
 */
export const visitMessages = pgTable(
  'visit_messages',
  {
    id: id(),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    senderAccountId: uuid('sender_account_id').references(() => accounts.id),
    senderInvitationId: uuid('sender_invitation_id'),
    senderName: text('sender_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('visit_messages_visit_idx').on(t.visitId, t.createdAt)],
);

/**
 * A guest link to a visit for someone without an account (spec §7 telehealth invitations). Only the
 * key's hash is stored: the link in the e-mail is the one copy of the key.
 */
export const telehealthInvitations = pgTable(
  'telehealth_invitations',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /** Why the guest comes (GUEST_ROLES): shown on their tile and in the list of the visit's links. */
    role: text('role', { enum: ['interpreter', 'family', 'other'] }).notNull().default('other'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdByAccountId: uuid('created_by_account_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('telehealth_invitations_visit_idx').on(t.visitId)],
);

/** Secure mail: a thread between a patient and their care team. */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    createdByAccountId: uuid('created_by_account_id'),
    createdAt: createdAt(),
    lastMessageAt: at('last_message_at').notNull().defaultNow(),
  },
  (t) => [index('message_threads_patient_idx').on(t.patientAccountId, t.lastMessageAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderAccountId: uuid('sender_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.createdAt)],
);

/** How far each reader has read a thread: unread counts are the messages after this, not their own. */
export const threadReads = pgTable(
  'thread_reads',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    lastReadAt: at('last_read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.accountId] })],
);

/**
 * Every event of a patient's record in order (measurement, task completed, message, appointment,
 * visit, gateway): the snapshot's timeline reads it a page at a time, and live screens get each new one.
 */
export const patientEvents = pgTable(
  'patient_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    refId: text('ref_id'),
    at: at('at').notNull(),
    // A short, displayable summary (e.g. values and range class); the full record stays in its table.
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('patient_events_patient_idx').on(t.patientAccountId, t.at)],
);

/** Keys for integrations reading spec §7's second source (daily tasks, measurements); stored hashed. */
export const apiKeys = pgTable('api_keys', {
  id: id(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  createdByAccountId: uuid('created_by_account_id'),
  createdAt: createdAt(),
  lastUsedAt: at('last_used_at'),
  revokedAt: at('revoked_at'),
});

/**
 * The dev outbox: mail kept in the database when no SMTP server is configured. Each mail belongs to
 * the organisation it was sent for (its admins read it); null only for mail kept before 0012.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_organisation_created_idx').on(t.organisationId, t.createdAt)],
);

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
    // A home gateway acting for its patient (an upload batch); no user is behind it.
    actorGatewayId: uuid('actor_gateway_id'),
    // A caregiver acting for a patient: the patient (the actor is the caregiver).
    onBehalfOfAccountId: uuid('on_behalf_of_account_id'),
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

/**
 * A home gateway. It registers itself (pending, no patient) when its agent first asks for a token;
 * a patient adds it by MAC, which assigns it and lets the agent collect its token once. Only hashes
 * of the pairing code and the token are kept.
 */
export const gateways = pgTable(
  'gateways',
  {
    id: id(),
    // The MAC it registered with: 12 upper-case hex digits, one gateway each.
    mac: text('mac').notNull(),
    organisationId: uuid('organisation_id').references(() => organisations.id),
    patientAccountId: uuid('patient_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    serial: text('serial'),
    model: text('model'),
    os: text('os'),
    bluetoothVersion: text('bluetooth_version'),
    bluetoothAdapters: jsonb('bluetooth_adapters').$type<string[]>().notNull().default([]),
    macAddresses: jsonb('mac_addresses').$type<string[]>().notNull().default([]),
    publicIp: text('public_ip'),
    localIp: text('local_ip'),
    btAddress: text('bt_address'),
    version: text('version'),
    nxwId: text('nxw_id'),
    pairingCodeHash: text('pairing_code_hash').notNull(),
    // While nobody has added it: until when the registration stays bound to its pairing code (each
    // ask of its agent moves it on); after it another code may register the MAC. Null once assigned.
    pendingUntil: at('pending_until'),
    // Set when a patient adds the gateway; handed out once, then only its hash is compared.
    tokenHash: text('token_hash'),
    tokenIssuedAt: at('token_issued_at'),
    isOnline: boolean('is_online').notNull().default(false),
    lastSeenAt: at('last_seen_at'),
    registeredAt: createdAt(),
    assignedAt: at('assigned_at'),
  },
  (t) => [
    uniqueIndex('gateways_mac_unique').on(t.mac),
    uniqueIndex('gateways_token_unique').on(t.tokenHash),
    index('gateways_patient_idx').on(t.patientAccountId),
  ],
);

/** A health device paired to a patient through one of their gateways, read with a device profile. */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    gatewayId: uuid('gateway_id')
      .notNull()
      .references(() => gateways.id, { onDelete: 'cascade' }),
    // Bluetooth address, like C4:7C:8D:6A:12:34.
    address: text('address').notNull(),
    name: text('name').notNull(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => deviceProfiles.id),
    manufacturer: text('manufacturer'),
    batteryLevel: integer('battery_level'),
    lastReadingAt: at('last_reading_at'),
    addedAt: createdAt(),
    // The patient's user number on a meter several people share (1–254, migration 0031); null: one person uses it.
    userSlot: integer('user_slot'),
  },
  // A gateway reads one device at one address.
  (t) => [uniqueIndex('devices_gateway_address_unique').on(t.gatewayId, t.address), index('devices_patient_idx').on(t.patientAccountId)],
);

/**
 * Care time (issue 19): a stretch one clinician spent on one patient — the chart open in front of
 * them, a video visit, a message written to them — or entered by hand with a reason. A correction
 * keeps the stretch as first counted (`original_*`) beside the corrected one and its reason.
 */
export const careTimeEntries = pgTable(
  'care_time_entries',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id),
    clinicianAccountId: uuid('clinician_account_id')
      .notNull()
      .references(() => accounts.id),
    source: text('source').notNull(),
    interactive: boolean('interactive').notNull().default(false),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at').notNull(),
    visitId: uuid('visit_id').references(() => visits.id, { onDelete: 'set null' }),
    threadId: uuid('thread_id').references(() => messageThreads.id, { onDelete: 'set null' }),
    reason: text('reason'),
    correctionReason: text('correction_reason'),
    originalStartedAt: at('original_started_at'),
    originalEndedAt: at('original_ended_at'),
    correctedAt: at('corrected_at'),
    correctedByAccountId: uuid('corrected_by_account_id').references(() => accounts.id),
    createdByAccountId: uuid('created_by_account_id')
      .notNull()
      .references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('care_time_patient_idx').on(t.patientAccountId, t.startedAt),
    index('care_time_organisation_idx').on(t.organisationId, t.startedAt),
    index('care_time_clinician_idx').on(t.clinicianAccountId, t.endedAt),
  ],
);

/**
 * The billing codes of remote patient monitoring an organisation reports (issue 19, part 3): each
 * code's kind and thresholds, and the days it is in force. Seeded with the codes of 2026 the first
 * time the organisation's report or codes are read; the organisation updates them as payers change.
 */
export const billingCodes = pgTable(
  'billing_codes',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    minDays: integer('min_days'),
    maxDays: integer('max_days'),
    minMinutes: integer('min_minutes'),
    maxMinutes: integer('max_minutes'),
    stepMinutes: integer('step_minutes'),
    interactiveRequired: boolean('interactive_required').notNull().default(false),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    effectiveTo: date('effective_to', { mode: 'string' }),
    updatedAt: at('updated_at'),
    updatedByAccountId: uuid('updated_by_account_id').references(() => accounts.id),
  },
  (t) => [uniqueIndex('billing_codes_org_code_key').on(t.organisationId, t.code)],
);

/** A physician's sign-off of a month's monitoring report, with the report as signed. */
export const monitoringReportSignoffs = pgTable(
  'monitoring_report_signoffs',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: text('month').notNull(),
    signedByAccountId: uuid('signed_by_account_id')
      .notNull()
      .references(() => accounts.id),
    signedAt: at('signed_at').notNull(),
    report: jsonb('report').$type<unknown>().notNull(),
  },
  (t) => [uniqueIndex('monitoring_report_signoffs_org_month_key').on(t.organisationId, t.month)],
);

/**
 * A patient's episode of remote monitoring (issue 19, part 1): what is monitored, from when, who
 * leads it, the patient's consent (how, when, recorded by whom, the witness), its withdrawal, and the
 * first device set-up and education.
 */
export const monitoringEnrolments = pgTable(
  'monitoring_enrolments',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id),
    status: text('status', { enum: ['awaitingConsent', 'active', 'ended'] }).notNull(),
    conditions: jsonb('conditions').$type<string[]>().notNull(),
    measurementTypes: jsonb('measurement_types').$type<string[]>().notNull(),
    devices: jsonb('devices').$type<string[]>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    primaryProviderAccountId: uuid('primary_provider_account_id')
      .notNull()
      .references(() => accounts.id),
    enrolledByAccountId: uuid('enrolled_by_account_id')
      .notNull()
      .references(() => accounts.id),
    consentMethod: text('consent_method', { enum: ['app', 'verbal'] }).notNull(),
    consentAt: at('consent_at'),
    consentRecordedByAccountId: uuid('consent_recorded_by_account_id').references(() => accounts.id),
    consentWitness: text('consent_witness'),
    consentWithdrawnAt: at('consent_withdrawn_at'),
    setupAt: at('setup_at'),
    setupByAccountId: uuid('setup_by_account_id').references(() => accounts.id),
    setupNote: text('setup_note'),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('monitoring_enrolments_patient_idx').on(t.patientAccountId, t.createdAt),
    // One open episode per patient.
    uniqueIndex('monitoring_enrolments_one_open').on(t.patientAccountId).where(sql`${t.status} <> 'ended'`),
  ],
);

/**
 * A caregiver's link to a patient (issue 19, part 4): invited by the patient (by e-mail, until the
 * caregiver accepts) or linked by an admin with the patient's recorded consent; what the caregiver
 * may do (`scopes`); ended by the patient's revocation, the caregiver's leaving or a declined invitation.
 */
export const caregiverLinks = pgTable(
  'caregiver_links',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    patientAccountId: uuid('patient_account_id')
      .notNull()
      .references(() => accounts.id),
    // Set once the caregiver accepts (at once when an admin links an existing account).
    caregiverAccountId: uuid('caregiver_account_id').references(() => accounts.id),
    email: text('email').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    status: text('status', { enum: ['invited', 'active', 'declined', 'revoked'] }).notNull(),
    consentMethod: text('consent_method', { enum: ['patientInvited', 'written', 'verbal'] }).notNull(),
    consentAt: at('consent_at').notNull(),
    consentRecordedByAccountId: uuid('consent_recorded_by_account_id')
      .notNull()
      .references(() => accounts.id),
    consentWitness: text('consent_witness'),
    acceptedAt: at('accepted_at'),
    endedAt: at('ended_at'),
    endedByAccountId: uuid('ended_by_account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('caregiver_links_patient_idx').on(t.patientAccountId),
    index('caregiver_links_caregiver_idx').on(t.caregiverAccountId),
    index('caregiver_links_email_idx').on(t.email),
    // One open invitation or link per patient and address.
    uniqueIndex('caregiver_links_one_open').on(t.patientAccountId, t.email).where(sql`${t.status} IN ('invited', 'active')`),
  ],
);

/**
 * SMART on FHIR backend services (issue 21): systems an admin registered with their public keys
 * (`jwks`) and the system scopes they may be given. Refusals of their token requests are kept as
 * the last error so the admin can see why an integration stopped.
 */
export const smartClients = pgTable('smart_clients', {
  id: id(),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id),
  name: text('name').notNull(),
  /** `backend`: a system with its keys (client credentials); `app`: a public app acting for a signed-in user (authorization code with PKCE, no keys). */
  kind: text('kind', { enum: ['backend', 'app'] }).notNull().default('backend'),
  jwks: jsonb('jwks').$type<{ keys: Record<string, unknown>[] }>().notNull(),
  /** An app's redirect URIs, matched exactly. */
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
  /** An app's launch URL (EHR launch): where "Open in app" sends a clinician's browser. */
  launchUrl: text('launch_url'),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  createdByAccountId: uuid('created_by_account_id').references(() => accounts.id),
  createdAt: createdAt(),
  lastUsedAt: at('last_used_at'),
  lastError: text('last_error'),
  lastErrorAt: at('last_error_at'),
  revokedAt: at('revoked_at'),
});

/**
 * Access tokens given to SMART clients: kept by hash, short-lived, with the scopes granted. The
 * assertion's `jti` is unique per client, so a replayed assertion gets no second token.
 */
export const smartAccessTokens = pgTable(
  'smart_access_tokens',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => smartClients.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** A backend assertion's `jti`, or the id of the authorization code an app's token was exchanged for. */
    assertionId: text('assertion_id').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    /** An app's token acts for this account, within the session that consented, and (patient scopes) this patient only. */
    accountId: uuid('account_id').references(() => accounts.id),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => accounts.id),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('smart_access_tokens_assertion').on(t.clientId, t.assertionId)],
);

/**
 * SMART App Launch authorization codes: one per consent, kept by hash, for a minute, bound to the
 * app, its redirect URI and the PKCE challenge (S256); `usedAt` makes each single-use.
 */
export const smartAuthorizationCodes = pgTable('smart_authorization_codes', {
  id: id(),
  codeHash: text('code_hash').notNull().unique(),
  clientId: uuid('client_id')
    .notNull()
    .references(() => smartClients.id),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  patientId: uuid('patient_id').references(() => accounts.id),
  /** The app's OpenID Connect `nonce`, returned in the id_token. */
  nonce: text('nonce'),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/**
 * SMART refresh tokens (`online_access`): kept by hash, each spent by its one use for the next
 * (rotation); a chain starts at an authorization code (`chainId`, the code's id), and a spent one
 * presented again ends the whole chain. They act within the session that consented, so they die
 * with it.
 */
export const smartRefreshTokens = pgTable('smart_refresh_tokens', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  clientId: uuid('client_id')
    .notNull()
    .references(() => smartClients.id),
  chainId: uuid('chain_id').notNull(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  patientId: uuid('patient_id').references(() => accounts.id),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
}, (t) => [index('smart_refresh_tokens_chain').on(t.chainId)]);

/**
 * The keys SMART apps' OpenID Connect id_tokens are signed with (RS256): the public half served at
 * `[base]/.well-known/jwks.json`, the private half sealed under the installation's secret, as
 * authenticator secrets are. Made on first use; every edge signs with the newest.
 */
export const smartSigningKeys = pgTable('smart_signing_keys', {
  id: id(),
  kid: text('kid').notNull().unique(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  privateSealed: text('private_sealed').notNull(),
  createdAt: createdAt(),
});

/**
 * SMART EHR launches: a clinician opened an app from a patient's page. The app carries the `launch`
 * value back to the authorization request, which takes the patient context from here; kept by hash,
 * for five minutes, and good only for that app and that clinician's session.
 */
export const smartLaunches = pgTable('smart_launches', {
  id: id(),
  launchHash: text('launch_hash').notNull().unique(),
  clientId: uuid('client_id')
    .notNull()
    .references(() => smartClients.id),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  patientId: uuid('patient_id')
    .notNull()
    .references(() => accounts.id),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * FHIR bulk exports (`$export`, issue 21): one row per request, run in the background by an edge
 * (`heartbeatAt` says it is still working; another edge takes over one that went quiet), and its
 * NDJSON files, kept for a day.
 */
export const fhirExports = pgTable(
  'fhir_exports',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Who asked: only they may poll it and read its files. */
    requesterType: text('requester_type', { enum: ['account', 'apiKey', 'smartClient'] }).notNull(),
    requesterId: uuid('requester_id').notNull(),
    level: text('level', { enum: ['system', 'patient'] }).notNull(),
    request: text('request').notNull(),
    types: jsonb('types').$type<string[]>().notNull(),
    since: at('since'),
    status: text('status', { enum: ['running', 'complete', 'failed', 'cancelled'] }).notNull(),
    progress: text('progress'),
    error: text('error'),
    transactionTime: at('transaction_time').notNull(),
    heartbeatAt: at('heartbeat_at').notNull(),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [index('fhir_exports_organisation_idx').on(t.organisationId, t.createdAt)],
);

export const fhirExportFiles = pgTable(
  'fhir_export_files',
  {
    id: id(),
    exportId: uuid('export_id')
      .notNull()
      .references(() => fhirExports.id, { onDelete: 'cascade' }),
    resourceType: text('resource_type').notNull(),
    count: integer('count').notNull(),
    ndjson: text('ndjson').notNull(),
  },
  (t) => [index('fhir_export_files_export_idx').on(t.exportId)],
);

/**
 * FHIR subscriptions (issue 21): an integration's rest-hook for new readings of one patient or of
 * the whole organisation. `cursor` is the last reading delivered (its stored time and id), so
 * nothing is lost across restarts; `leaseUntil` lets one edge at a time deliver it.
 */
export const fhirSubscriptions = pgTable(
  'fhir_subscriptions',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    ownerType: text('owner_type', { enum: ['apiKey', 'smartClient'] }).notNull(),
    ownerId: uuid('owner_id').notNull(),
    criteria: text('criteria').notNull(),
    /** What the integration said the subscription is for (Subscription.reason). */
    reason: text('reason').notNull().default('New readings'),
    patientAccountId: uuid('patient_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    secret: text('secret').notNull(),
    status: text('status', { enum: ['active', 'error', 'off'] }).notNull(),
    error: text('error'),
    cursorAt: at('cursor_at').notNull(),
    cursorId: uuid('cursor_id'),
    /** A subscription to Flags (alerts): the last alert event delivered. */
    cursorEventId: bigint('cursor_event_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    leaseUntil: at('lease_until'),
    lastDeliveredAt: at('last_delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('fhir_subscriptions_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Every attempt to deliver a notification: what was sent, and how the endpoint answered. */
export const fhirSubscriptionDeliveries = pgTable(
  'fhir_subscription_deliveries',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => fhirSubscriptions.id, { onDelete: 'cascade' }),
    at: at('at').notNull().defaultNow(),
    readings: integer('readings').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
  },
  (t) => [index('fhir_subscription_deliveries_subscription_idx').on(t.subscriptionId, t.at)],
);

import { ROLES, type RoleNumber } from '@opencare/schemas/roles';
import type { AccountType } from '@opencare/schemas/lookups';
import { CAREGIVER_SCOPES } from '@opencare/schemas/entities/caregivers';
import { caregiverLinks } from '../db/schema';
import { insertAccount } from '../accounts/accounts.repository';
import { hashPassword } from '../auth/secrets';
import { upsertAreaValues } from '../settings/settings.repository';
import type { ReadingAdvice } from '@opencare/schemas/entities/settings';
import { seedDemoGateway } from './demo-gateway';
import { seedDemoCareTime, seedDemoReadings } from './demo-readings';
import { insertSchedule } from '../schedules/schedules.repository';
import type { Database } from '../db/database';
import { insertEnrolledTwoFactor } from '../auth/two-factor.repository';
import { insertOrganisation } from '../organisations/organisations.repository';
import { findUserByLogin, insertUser } from '../users/users.repository';

export const DEMO_PASSWORD = 'Passw0rd!';
/**
 * The demo admin's authenticator secret (base32), printed with the demo logins so `npm start` stays
 * usable: add it to any authenticator app. It is published, so it works only in demo mode; outside it
 * the admin must enrol a real authenticator (auth/two-factor.service.ts).
 */
export const DEMO_TOTP_SECRET = 'OPENCAREDEMOSECRETFORADMIN234567';
/** Stored in place of a sealed secret: "the demo secret", which nothing outside demo mode accepts. */
export const DEMO_SEALED_SECRET = 'demo';
/** Demo users enrolled in two-factor sign-in with DEMO_TOTP_SECRET. */
export const DEMO_TWO_FACTOR_USERS = ['admin'];
const DEMO_PHONE = '+1 555 010 0000';
const DEMO_TIMEZONE = 'America/New_York';

interface DemoAccount {
  type: AccountType;
  role: RoleNumber;
  firstName: string;
  lastName: string;
  isDefault: boolean;
  label?: string;
}
interface DemoUser {
  username: string;
  accounts: DemoAccount[];
  dateOfBirth?: string;
  specialty?: string;
}

const account = (type: AccountType, role: RoleNumber, firstName: string, lastName: string, isDefault = true, label?: string): DemoAccount => ({
  type,
  role,
  firstName,
  lastName,
  isDefault,
  label,
});

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', accounts: [account('prov', ROLES.Admin, 'Alex', 'Admin')] },
  { username: 'physician', accounts: [account('prov', ROLES.Physician, 'Priya', 'Raman')], specialty: '08' },
  { username: 'nurse', accounts: [account('prov', ROLES.Nurse, 'Noah', 'Bennett')], specialty: '50' },
  { username: 'assistant', accounts: [account('prov', ROLES.Assistant, 'Ana', 'Silva')], specialty: '97' },
  { username: 'patient', accounts: [account('pat', ROLES.Patient, 'Pat', 'Morgan')], dateOfBirth: '1958-04-12' },
  { username: 'patient2', accounts: [account('pat', ROLES.Patient, 'Layla', 'Haddad')], dateOfBirth: '1971-09-30' },
  {
    username: 'caregiver',
    dateOfBirth: '1984-02-03',
    accounts: [
      account('car', ROLES.User, 'Casey', 'Jordan', true, 'Caregiver'),
      account('pat', ROLES.Patient, 'Casey', 'Jordan', false, 'My own care'),
    ],
  },
];

/** What the demo clinic tells a patient after an out-of-range reading (a clinic writes its own). */
const DEMO_READING_ADVICE: ReadingAdvice = {
  bp: {
    high: 'Sit quietly for 5 minutes and measure again. If it stays high, send your care team a message today.',
    highest:
      'Rest 5 minutes and measure again. If it is still above 180/120 and you have chest pain, shortness of breath, weakness or trouble speaking, call 911.',
    lowest: 'Sit or lie down and drink a glass of water. If you feel faint or confused, call 911.',
  },
  bt: { highest: 'Drink fluids and rest. If your temperature stays above 39.5 °C or you feel confused, call your care team now.' },
  bs: { lowest: 'Eat or drink 15 g of fast sugar (half a glass of juice) and measure again in 15 minutes.' },
};

/** The demo patient's care plan: blood pressure morning and evening, glucose before breakfast. */
const DEMO_SCHEDULES = [
  { type: 'bp', times: ['08:00', '20:00'], meal: null },
  { type: 'bs', times: ['07:30'], meal: 'before' },
] as const;

/**
 * Demo organisation and users (demo mode only): every role once, and a caregiver who also holds a
 * patient account. Runs once: a database that already has the admin is left as it is. With
 * `schedules` (the demo a person tries), the demo patient also has a care plan from today, so his
 * home starts with today's tasks; tests leave it out and make the plans they need.
 */
export async function seedDemoData(db: Database, options: { schedules?: boolean } = {}): Promise<boolean> {
  if (await findUserByLogin(db, 'admin')) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const organisationId = await insertOrganisation(tx, 'Demo Clinic');
    // Settings hold only what differs from the defaults.
    await upsertAreaValues(tx, organisationId, 'organization', { timezone: DEMO_TIMEZONE }, null);
    await upsertAreaValues(tx, organisationId, 'patientManagement', { readingAdvice: DEMO_READING_ADVICE }, null);
    const accounts = new Map<string, string>();
    for (const demo of DEMO_USERS) {
      const userId = await insertUser(tx, {
        username: demo.username,
        email: `${demo.username}@demo.opencare.test`,
        phone: DEMO_PHONE,
        passwordHash,
        isVerified: true,
      });
      if (DEMO_TWO_FACTOR_USERS.includes(demo.username)) {
        await insertEnrolledTwoFactor(tx, userId, DEMO_SEALED_SECRET);
      }
      for (const a of demo.accounts) {
        const accountId = await insertAccount(
          tx,
          { userId, organisationId, accountType: a.type, isDefault: a.isDefault, accountLabel: a.label ?? null },
          {
            firstName: a.firstName,
            lastName: a.lastName,
            dateOfBirth: demo.dateOfBirth ?? null,
            email: `${demo.username}@demo.opencare.test`,
            phone: DEMO_PHONE,
            timezone: DEMO_TIMEZONE,
          },
          [a.role],
          demo.specialty ? { provider: { specialty: demo.specialty, clinicName: 'Demo Clinic' } } : {},
        );
        if (a.isDefault) accounts.set(demo.username, accountId);
      }
    }
    const patient = accounts.get('patient') ?? '';
    // Over two and a half months, so last month's monitoring report has a 30-day period that ended in it.
    await seedDemoReadings(
      tx,
      organisationId,
      [
        { accountId: patient, everyNthDay: 1 },
        { accountId: accounts.get('patient2') ?? '', everyNthDay: 4 },
      ],
      new Date(),
      76,
    );
    await seedDemoCareTime(tx, organisationId, {
      patient,
      patient2: accounts.get('patient2') ?? '',
      physician: accounts.get('physician') ?? '',
      nurse: accounts.get('nurse') ?? '',
    });
    await seedDemoGateway(tx, organisationId, patient);
    if (!options.schedules) return;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_TIMEZONE }).format(new Date());
    for (const schedule of DEMO_SCHEDULES) {
      await insertSchedule(tx, {
        organisationId,
        patientAccountId: patient,
        ...schedule,
        times: [...schedule.times],
        startDate: today,
        frequency: 'daily',
        timezone: DEMO_TIMEZONE,
        createdByAccountId: accounts.get('physician') ?? null,
        // Set up the day before, so all of today's tasks are there whatever the hour of the demo.
        createdAt: new Date(Date.now() - 24 * 3_600_000),
      });
    }
    // The demo caregiver looks after Pat Morgan, who agreed in writing at the clinic.
    await tx.insert(caregiverLinks).values({
      organisationId,
      patientAccountId: patient,
      caregiverAccountId: accounts.get('caregiver') ?? null,
      email: 'caregiver@demo.opencare.test',
      scopes: [...CAREGIVER_SCOPES],
      status: 'active',
      consentMethod: 'written',
      consentAt: new Date(Date.now() - 7 * 24 * 3_600_000),
      consentRecordedByAccountId: accounts.get('admin') ?? '',
      consentWitness: 'Noah Bennett',
      acceptedAt: new Date(Date.now() - 7 * 24 * 3_600_000),
    });
  });
  return true;
}

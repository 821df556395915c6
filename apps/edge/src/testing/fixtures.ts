import { randomBytes } from 'node:crypto';
import { insertAccount } from '@opencare/api/accounts/accounts.repository';
import { hashPassword } from '@opencare/api/auth/secrets';
import type { Database } from '@opencare/api/db/database';
import { DEMO_PASSWORD } from '@opencare/api/demo/demo-data';
import { insertOrganisation } from '@opencare/api/organisations/organisations.repository';
import { insertUser } from '@opencare/api/users/users.repository';
import type { AccountType } from '@opencare/schemas/lookups';

/** A user of another organisation, unique per run, with the demo password. */
export async function createOutsider(db: Database, role: number, accountType: AccountType) {
  const organisationId = await insertOrganisation(db, `Other clinic ${randomBytes(4).toString('hex')}`);
  return createPerson(db, role, accountType, organisationId);
}

/** One more person of an organisation, signed in with the demo password (Olive Outsider). */
export async function createPerson(db: Database, role: number, accountType: AccountType, organisationId: string) {
  const username = `outsider${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(db, {
    username,
    email: `${username}@other.example.org`,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isVerified: true,
  });
  const accountId = await insertAccount(
    db,
    { userId, organisationId, accountType, isDefault: true },
    { firstName: 'Olive', lastName: 'Outsider' },
    [role],
  );
  return { username, userId, accountId, organisationId };
}

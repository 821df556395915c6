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
  const suffix = randomBytes(4).toString('hex');
  const organisationId = await insertOrganisation(db, `Other clinic ${suffix}`);
  const username = `outsider${suffix}`;
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

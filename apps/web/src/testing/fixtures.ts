import type { Account } from '@opencare/schemas/entities/account';
import type { User } from '@opencare/schemas/entities/user';
import { roleNameOf, type RolesMap } from '@opencare/schemas/roles';

let next = 0;
const uuid = () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`;

/** An account as the server sends it, with the given role numbers. */
export function makeAccount(roles: number[], overrides: Partial<Account> = {}): Account {
  const map: RolesMap = {};
  for (const role of roles) map[roleNameOf(role)] = role;
  return {
    id: uuid(),
    accountNumber: `A${100000 + next}`,
    accountLabel: null,
    accountType: { code: 'pat', description: 'Patient' },
    isDefault: true,
    isOnline: false,
    lastSeen: null,
    profile: {
      firstName: 'Pat',
      middleName: null,
      lastName: 'Morgan',
      fullName: 'Pat Morgan',
      dateOfBirth: null,
      age: null,
      preferredLanguage: 'en-US',
      preferredName: null,
      timezone: 'America/New_York',
      gender: null,
      email: null,
      phone: null,
    },
    status: { code: 'active', description: 'Active' },
    preferences: {},
    roles: map,
    ...overrides,
  };
}

export function makeUser(accounts: Account[]): User {
  return {
    id: uuid(),
    username: 'pat',
    fullName: 'Pat Morgan',
    initials: 'PM',
    isLocked: false,
    isVerified: true,
    lastLogin: null,
    accounts,
  };
}

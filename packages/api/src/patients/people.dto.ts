import type { Profile } from '@opencare/schemas/entities/profile';
import type { ProviderListItem } from '@opencare/schemas/entities/patients';
import { GENDERS, SPECIALTY_CODES, coded, type Coded } from '@opencare/schemas/lookups';
import { DEFAULT_LANGUAGE, languageSchema } from '@opencare/schemas/preferences';
import { ROLES } from '@opencare/schemas/roles';
import { ageOn } from '@opencare/schemas/rules';
import { fullNameOf } from '../accounts/account.dto';

/** The profile columns the patient and provider lists read: spec §3's basic profile fields. */
export interface BasicProfileRow {
  firstName: string;
  middleName: string | null;
  lastName: string;
  preferredName: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  preferredLanguage: string;
  timezone: string;
  email: string | null;
  phone: string | null;
}

export function toBasicProfile(p: BasicProfileRow, now = new Date()): Profile {
  return {
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    fullName: fullNameOf(p),
    dateOfBirth: p.dateOfBirth,
    age: p.dateOfBirth ? { value: ageOn(p.dateOfBirth, now), unit: 'years' } : null,
    preferredLanguage: languageSchema.catch(DEFAULT_LANGUAGE).parse(p.preferredLanguage),
    preferredName: p.preferredName,
    timezone: p.timezone,
    gender: p.gender && p.gender in GENDERS ? coded(GENDERS, p.gender as keyof typeof GENDERS) : null,
    email: p.email,
    phone: p.phone,
  };
}

export function specialtyOf(code: string | null): Coded | null {
  return code && code in SPECIALTY_CODES
    ? coded(SPECIALTY_CODES, code as keyof typeof SPECIALTY_CODES)
    : null;
}

/** The clinician roles, in the order a person holding several is named by. */
export const CLINICIAN_ROLES = [ROLES.Physician, ROLES.Nurse, ROLES.Assistant] as const;

/** The role a provider is shown with: their most senior clinician role. */
export function providerRoleOf(roles: readonly number[]): ProviderListItem['role'] | null {
  if (roles.includes(ROLES.Physician)) return 'Physician';
  if (roles.includes(ROLES.Nurse)) return 'Nurse';
  if (roles.includes(ROLES.Assistant)) return 'Assistant';
  return null;
}

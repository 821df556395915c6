import type { Account } from '@opencare/schemas/entities/account';
import type { AnyProfile, Profile } from '@opencare/schemas/entities/profile';
import { ACCOUNT_TYPES, GENDERS, SPECIALTY_CODES, coded } from '@opencare/schemas/lookups';
import { DEFAULT_LANGUAGE, languageSchema } from '@opencare/schemas/preferences';
import { rolesMapOf } from '@opencare/schemas/roles';
import { ageOn } from '@opencare/schemas/rules';
import type { AccountRef } from '../access/actor';
import type { AccountRecord } from './accounts.repository';

const STATUS_TEXT = { active: 'Active', inactive: 'Inactive', pending: 'Pending' } as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function fullNameOf(p: { firstName: string; middleName: string | null; lastName: string }): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
}

export function initialsOf(p: { firstName: string; lastName: string }): string {
  return `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase();
}

/** Wire profile of spec §3, with the patient or provider extension where the account has one. */
export function toProfileDto(record: AccountRecord): AnyProfile {
  const p = record.profile;
  const base: Profile = {
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    fullName: fullNameOf(p),
    dateOfBirth: p.dateOfBirth,
    age: p.dateOfBirth ? { value: ageOn(p.dateOfBirth), unit: 'years' } : null,
    preferredLanguage: languageSchema.catch(DEFAULT_LANGUAGE).parse(p.preferredLanguage),
    preferredName: p.preferredName,
    timezone: p.timezone,
    gender: p.gender && p.gender in GENDERS ? coded(GENDERS, p.gender as keyof typeof GENDERS) : null,
    email: p.email,
    phone: p.phone,
  };
  if (record.patient) {
    const x = record.patient;
    return {
      ...base,
      mrn: x.mrn,
      primaryProvider:
        x.primaryProviderId && record.primaryProviderName ? { accountId: x.primaryProviderId, fullName: record.primaryProviderName } : null,
      emrId: x.emrId,
      careTeamId: x.careTeamId,
      medicalHistory: x.medicalHistory,
      medications: x.medications,
      allergies: x.allergies,
      bloodType: x.bloodType,
      fhirData: x.fhirData ?? null,
    };
  }
  if (record.provider) {
    const x = record.provider;
    return {
      ...base,
      npi: x.npi,
      clinicName: x.clinicName,
      licenseNumber: x.licenseNumber,
      yearsOfExperience: x.yearsOfExperience,
      education: x.education,
      certifications: x.certifications,
      spokenLanguages: x.spokenLanguages,
      specialty:
        x.specialty && x.specialty in SPECIALTY_CODES ? coded(SPECIALTY_CODES, x.specialty as keyof typeof SPECIALTY_CODES) : null,
    };
  }
  return base;
}

export function toAccountDto(record: AccountRecord): Account {
  const a = record.account;
  return {
    id: a.id,
    accountNumber: a.accountNumber,
    accountLabel: a.accountLabel,
    accountType: coded(ACCOUNT_TYPES, a.accountType),
    isDefault: a.isDefault,
    isOnline: a.isOnline,
    lastSeen: iso(a.lastSeen),
    profile: toProfileDto(record),
    status: { code: a.status, description: STATUS_TEXT[a.status] },
    preferences: a.preferences,
    roles: rolesMapOf(record.roles),
  };
}

export function toAccountRef(record: AccountRecord): AccountRef {
  return {
    accountId: record.account.id,
    userId: record.account.userId,
    organisationId: record.account.organisationId,
    accountType: record.account.accountType,
    roles: record.roles,
  };
}

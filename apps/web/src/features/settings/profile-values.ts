import type { UpdateProfileInput, UserProfileResponse } from '@opencare/schemas/entities/user';
import type { Gender } from '@opencare/schemas/lookups';
import { GENDERS } from '@opencare/schemas/lookups';
import type { Language } from '@opencare/schemas/preferences';

/** The editable profile fields of PATCH /profile, as the form holds them ('' = empty). */
export interface ProfileValues {
  firstName: string;
  middleName: string;
  lastName: string;
  preferredName: string;
  dateOfBirth: string;
  gender: Gender | '';
  preferredLanguage: Language;
  timezone: string;
  phone: string;
}

function isGender(code: string | undefined): code is Gender {
  return code !== undefined && Object.hasOwn(GENDERS, code);
}

export function profileValuesOf(response: UserProfileResponse): ProfileValues {
  const profile = response.user.profile;
  return {
    firstName: profile.firstName,
    middleName: profile.middleName ?? '',
    lastName: profile.lastName,
    preferredName: profile.preferredName ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    gender: isGender(profile.gender?.code) ? profile.gender.code : '',
    preferredLanguage: profile.preferredLanguage,
    timezone: profile.timezone,
    phone: response.user.phone ?? '',
  };
}

/**
 * The body for each field as updateProfileInputSchema reads it. Optional text may be cleared with '';
 * a cleared phone is null; a date of birth, gender or time zone cannot be cleared, only changed.
 */
export function profileBody(values: ProfileValues): Record<keyof ProfileValues, unknown> {
  return {
    firstName: values.firstName,
    middleName: values.middleName,
    lastName: values.lastName,
    preferredName: values.preferredName,
    dateOfBirth: values.dateOfBirth || undefined,
    gender: values.gender || undefined,
    preferredLanguage: values.preferredLanguage,
    timezone: values.timezone || undefined,
    phone: values.phone.trim() === '' ? null : values.phone,
  };
}

/** Of the body the schema parsed, only the fields that changed since the profile was read. */
export function profilePatch(initial: ProfileValues, values: ProfileValues, parsed: UpdateProfileInput): UpdateProfileInput {
  const before = profileBody(initial);
  const after = profileBody(values);
  return Object.fromEntries(
    (Object.keys(after) as (keyof ProfileValues)[])
      .filter((key) => after[key] !== before[key])
      .map((key) => [key, parsed[key]]),
  );
}

import type { UpdateProfileInput, UserProfileResponse } from '@opencare/schemas/entities/user';
import { updateProfileInputSchema } from '@opencare/schemas/entities/user';
import type { Gender } from '@opencare/schemas/lookups';
import { GENDERS } from '@opencare/schemas/lookups';
import type { Language } from '@opencare/schemas/preferences';
import { firstIssues, type FieldErrors } from '../../components/form/form-errors';

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
function bodyOf(values: ProfileValues): Record<keyof ProfileValues, unknown> {
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

/** Validate every field with the schema; send only the fields that changed. */
export function profilePatch(
  initial: ProfileValues,
  values: ProfileValues,
): { errors: FieldErrors; patch: UpdateProfileInput | null } {
  const result = updateProfileInputSchema.safeParse(bodyOf(values));
  if (!result.success) return { errors: firstIssues(result), patch: null };
  const before = bodyOf(initial);
  const after = bodyOf(values);
  const changed = Object.fromEntries(
    (Object.keys(after) as (keyof ProfileValues)[])
      .filter((key) => after[key] !== before[key])
      .map((key) => [key, result.data[key]]),
  ) as UpdateProfileInput;
  return { errors: {}, patch: changed };
}

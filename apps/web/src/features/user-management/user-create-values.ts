import type { AccountType } from '@opencare/schemas/lookups';
import { SPECIALTY_CODES } from '@opencare/schemas/lookups';
import type { GrantableRole } from './labels';

export type SpecialtyCode = keyof typeof SPECIALTY_CODES;
export const SPECIALTIES = Object.keys(SPECIALTY_CODES) as SpecialtyCode[];

/** The create-user form as it holds its values ('' = not given or not chosen). */
export interface NewUserValues {
  role: GrantableRole | '';
  accountType: AccountType | '';
  specialty: SpecialtyCode | '';
  username: string;
  password: string;
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

export const EMPTY_NEW_USER: NewUserValues = {
  role: '',
  accountType: '',
  specialty: '',
  username: '',
  password: '',
  email: '',
  phone: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
};

const given = (value: string) => (value.trim() === '' ? undefined : value);

/** The body of `users.create` as createUserInputSchema reads it; the profile's fields nest there, not in the form. */
export function newUserBody(values: NewUserValues) {
  return {
    username: values.username,
    email: values.email,
    phone: given(values.phone),
    password: given(values.password),
    role: given(values.role),
    accountType: given(values.accountType),
    // A specialty describes providers only; the field is hidden for other account types.
    specialty: values.accountType === 'prov' ? given(values.specialty) : undefined,
    profile: {
      firstName: values.firstName,
      lastName: values.lastName,
      dateOfBirth: given(values.dateOfBirth),
    },
  };
}

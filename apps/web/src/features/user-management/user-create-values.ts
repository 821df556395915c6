import { createUserInputSchema, type CreateUserInput } from '@opencare/schemas/entities/user';
import type { AccountType } from '@opencare/schemas/lookups';
import { SPECIALTY_CODES } from '@opencare/schemas/lookups';
import type { FieldErrors } from '../../components/form/form-errors';
import { fieldErrorsOf } from './field-errors';
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

/** The body of `POST /users`, checked with the schema the server uses; or the problems per field. */
export function newUserInput(
  values: NewUserValues,
): { input: CreateUserInput; errors: null } | { input: null; errors: FieldErrors } {
  const result = createUserInputSchema.safeParse({
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
  });
  return result.success
    ? { input: result.data, errors: null }
    : { input: null, errors: fieldErrorsOf(result.error.issues) };
}

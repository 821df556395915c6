import type { MARITAL_STATUSES } from '@opencare/schemas/entities/auth';
import type { AccountType, Gender } from '@opencare/schemas/lookups';
import type { Language } from '@opencare/schemas/preferences';
import { blankToUndefined } from '../../components/form/form-errors';

export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** Self sign-up makes patient and caregiver accounts only; providers are invited (the server agrees). */
export const SELF_SIGNUP_ACCOUNT_TYPES = ['pat', 'car'] as const satisfies readonly AccountType[];
export type SelfSignupAccountType = (typeof SELF_SIGNUP_ACCOUNT_TYPES)[number];

/** What the form holds: text as typed, '' for a choice not made yet. */
export interface SignupValues {
  accountType: SelfSignupAccountType | '';
  username: string;
  password: string;
  passwordConfirmation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  gender: Gender | '';
  maritalStatus: MaritalStatus | '';
  emailAddress: string;
  emailAddressConfirmation: string;
  phoneNumber: string;
  phoneNumberConfirmation: string;
  address: string;
  country: string;
  emailNotifications: boolean;
  textNotifications: boolean;
  termsAccepted: boolean;
}

export const EMPTY_SIGNUP: SignupValues = {
  accountType: '',
  username: '',
  password: '',
  passwordConfirmation: '',
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  gender: '',
  maritalStatus: '',
  emailAddress: '',
  emailAddressConfirmation: '',
  phoneNumber: '',
  phoneNumberConfirmation: '',
  address: '',
  country: '',
  // The schema's defaults: e-mail notifications on, text messages off until asked for.
  emailNotifications: true,
  textNotifications: false,
  termsAccepted: false,
};

/** The fields of the account-setup step, in the order they are shown (first error gets focus). */
export const SETUP_FIELDS = [
  'accountType',
  'username',
  'password',
  'passwordConfirmation',
  'firstName',
  'middleName',
  'lastName',
  'dateOfBirth',
  'gender',
  'maritalStatus',
  'emailAddress',
  'emailAddressConfirmation',
  'phoneNumber',
  'phoneNumberConfirmation',
  'address',
  'country',
  'emailNotifications',
  'textNotifications',
] as const satisfies readonly (keyof SignupValues)[];

/** The retype pairs of signupInputSchema, with the labels its refinement uses in messages. */
export const RETYPES: [string, string, string][] = [
  ['password', 'passwordConfirmation', 'Password'],
  ['emailAddress', 'emailAddressConfirmation', 'E-mail'],
  ['phoneNumber', 'phoneNumberConfirmation', 'Phone number'],
];

/** The body of POST /auth/signup before parsing: the schema's field names, blanks left out. */
export function signupBody(values: SignupValues, language: Language): Record<string, unknown> {
  // A blank field is "not given": the schemas then say "This field is required." (spec §5), not a
  // rule about length or shape that an empty box does not break yet.
  const given = blankToUndefined;
  return {
    username: given(values.username),
    password: given(values.password),
    passwordConfirmation: given(values.passwordConfirmation),
    firstName: given(values.firstName),
    middleName: given(values.middleName),
    lastName: given(values.lastName),
    dateOfBirth: given(values.dateOfBirth),
    gender: values.gender || undefined,
    address: given(values.address),
    country: given(values.country),
    emailAddress: given(values.emailAddress),
    emailAddressConfirmation: given(values.emailAddressConfirmation),
    phoneNumber: given(values.phoneNumber),
    phoneNumberConfirmation: given(values.phoneNumberConfirmation),
    emailNotifications: values.emailNotifications,
    textNotifications: values.textNotifications,
    maritalStatus: values.maritalStatus || undefined,
    accountType: values.accountType || undefined,
    // The language chosen on the preferences step becomes the profile's preferred language.
    preferredLanguage: language,
    termsAccepted: values.termsAccepted,
  };
}

import { completeInvitationInputSchema, type CompleteInvitationInput } from '@opencare/schemas/entities/care';
import type { Language } from '@opencare/schemas/preferences';
import {
  blankToUndefined,
  firstIssues,
  mergeErrors,
  retypeIssues,
  type FieldErrors,
} from '../../components/form/form-errors';

export interface InvitationValues {
  username: string;
  password: string;
  passwordConfirmation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  termsAccepted: boolean;
}

export const EMPTY_INVITATION: InvitationValues = {
  username: '',
  password: '',
  passwordConfirmation: '',
  firstName: '',
  middleName: '',
  lastName: '',
  dateOfBirth: '',
  termsAccepted: false,
};

/** completeInvitationInputSchema decides; a retype mismatch shows even while other fields are wrong. */
export function validateInvitation(
  token: string,
  values: InvitationValues,
  language: Language,
): { errors: FieldErrors; input: CompleteInvitationInput | null } {
  // A blank field is "not given", so the schema says "This field is required." (spec §5).
  const given = blankToUndefined;
  const body = {
    token,
    username: given(values.username),
    password: given(values.password),
    passwordConfirmation: given(values.passwordConfirmation),
    firstName: given(values.firstName),
    middleName: given(values.middleName),
    lastName: given(values.lastName),
    dateOfBirth: given(values.dateOfBirth),
    termsAccepted: values.termsAccepted,
    // The language chosen on this device becomes the new profile's preferred language.
    preferredLanguage: language,
  };
  const result = completeInvitationInputSchema.safeParse(body);
  if (result.success) return { errors: {}, input: result.data };
  return {
    errors: mergeErrors(
      firstIssues(result),
      retypeIssues(body, [['password', 'passwordConfirmation', 'Password']]),
    ),
    input: null,
  };
}

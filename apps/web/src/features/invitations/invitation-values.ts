import type { Language } from '@opencare/schemas/preferences';
import { blankToUndefined } from '../../components/form/form-errors';

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

/** The body completeInvitationInputSchema reads: a blank field is "not given", so it says "This field is required." (spec §5). */
export function invitationBody(token: string, values: InvitationValues, language: Language) {
  const given = blankToUndefined;
  return {
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
}

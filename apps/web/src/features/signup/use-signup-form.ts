import { signupInputSchema } from '@opencare/schemas/entities/auth';
import { ERRORS } from '@opencare/schemas/errors';
import { asApiError, ApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { retypeIssues } from '../../components/form/form-errors';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { usePreferences } from '../../session/use-preferences';
import { EMPTY_SIGNUP, RETYPES, SETUP_FIELDS, signupBody } from './signup-values';
import { useUsernameAvailability } from './use-username-availability';

/** Where the verification e-mail went, and until when its link holds. */
export interface SignupStarted {
  email: string;
  expiresAt: string;
}

export type SignupStep = 'setup' | 'terms';

/** Refusals about what the setup step holds: the person is taken back there to change it. */
const SETUP_KEYS = new Set(['usernameOrEmailTaken', 'accountTypeByInvitation', 'accountTypeRequired']);
const onSetup = (fields: readonly string[]) => fields.some((field) => (SETUP_FIELDS as readonly string[]).includes(field));

interface SignupFormOptions {
  onSent: (started: SignupStarted) => void;
  /** A refused submit takes the person to the step that holds what to change. */
  backTo: (step: SignupStep) => void;
}

/**
 * The sign-up form: signupInputSchema decides, with the body as the server reads it (blank boxes
 * "not given", the preferences step's language). Errors of a step show once the person tries to
 * leave it; retype mismatches show even while other fields are wrong.
 */
export function useSignupForm({ onSent, backTo }: SignupFormOptions) {
  const { preferences } = usePreferences();
  const { mutateAsync: startSignup } = trpc.auth.signup.useMutation();
  const signup = useSchemaForm({
    schema: signupInputSchema,
    initialValues: EMPTY_SIGNUP,
    toBody: (values) => signupBody(values, preferences.language),
    check: (values) => ({
      ...retypeIssues(signupBody(values, preferences.language), RETYPES),
      ...(availability === 'taken' ? { username: ERRORS.usernameNotAvailable.message } : {}),
    }),
    fieldsOfKey: { usernameNotAvailable: 'username' },
    submit: startSignup,
    onSuccess: onSent,
    onInvalid: (errors) => backTo(onSetup(Object.keys(errors)) ? 'setup' : 'terms'),
    onFailure: (failure, onFields) => {
      const error = asApiError(failure);
      backTo(onSetup(Object.keys(onFields)) || (error instanceof ApiError && SETUP_KEYS.has(error.key)) ? 'setup' : 'terms');
    },
  });
  const availability = useUsernameAvailability(signup.form.values.username);

  return { ...signup, availability, checkSetup: () => signup.checkFields(SETUP_FIELDS) };
}

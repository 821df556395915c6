import { useCallback, useMemo, useState } from 'react';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { usePreferences } from '../../session/use-preferences';
import { hasErrors, mergeErrors, pickErrors, serverFieldErrors, type FieldErrors } from '../../components/form/form-errors';
import { EMPTY_SIGNUP, SETUP_FIELDS, TERMS_FIELDS, validateSignup, type SignupValues } from './signup-values';
import { useUsernameAvailability, type Availability } from './use-username-availability';

/** Where the verification e-mail went, and until when its link holds. */
export interface SignupStarted {
  email: string;
  expiresAt: string;
}

export type SubmitOutcome =
  | { status: 'sent'; started: SignupStarted }
  | { status: 'invalid'; step: 'setup' | 'terms' }
  | { status: 'failed'; error: unknown; step: 'setup' | 'terms' };

const USERNAME_TAKEN = new Set(['usernameNotAvailable']);
/** Refusals about what the setup step holds: the person is taken back there to change it. */
const SETUP_KEYS = new Set(['usernameOrEmailTaken', 'accountTypeByInvitation', 'accountTypeRequired']);

/**
 * The sign-up form's state and rules. Errors of a step show once the person has tried to leave it
 * (then they follow every keystroke); errors the server sent stay until their field changes.
 */
export function useSignupForm() {
  const { preferences } = usePreferences();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [revealed, setRevealed] = useState<readonly string[]>([]);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const availability: Availability = useUsernameAvailability(values.username);
  const { mutateAsync: startSignup } = trpc.auth.signup.useMutation();

  const validation = useMemo(
    () => validateSignup(values, preferences.language),
    [values, preferences.language],
  );
  const errors = useMemo(
    () => mergeErrors(serverErrors, pickErrors(validation.errors, revealed)),
    [serverErrors, validation.errors, revealed],
  );

  const setField = useCallback(<K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    setServerErrors((previous) => ({ ...previous, [key]: undefined }));
  }, []);

  /** Show the setup step's errors; true when it may be left. */
  const checkSetup = useCallback((): boolean => {
    setRevealed((previous) => [...new Set([...previous, ...SETUP_FIELDS])]);
    return !hasErrors(pickErrors(validation.errors, SETUP_FIELDS)) && availability !== 'taken';
  }, [validation.errors, availability]);

  const submit = useCallback(async (): Promise<SubmitOutcome> => {
    setRevealed([...SETUP_FIELDS, ...TERMS_FIELDS]);
    if (hasErrors(pickErrors(validation.errors, SETUP_FIELDS)) || availability === 'taken') {
      return { status: 'invalid', step: 'setup' };
    }
    if (!validation.input) return { status: 'invalid', step: 'terms' };
    try {
      return { status: 'sent', started: await startSignup(validation.input) };
    } catch (failure) {
      const error = asApiError(failure);
      const fields =
        error instanceof ApiError
          ? USERNAME_TAKEN.has(error.key)
            ? { username: error.message }
            : serverFieldErrors(error.errors)
          : {};
      setServerErrors(fields);
      const onSetup =
        hasErrors(pickErrors(fields, SETUP_FIELDS)) ||
        (error instanceof ApiError && SETUP_KEYS.has(error.key));
      return { status: 'failed', error, step: onSetup ? 'setup' : 'terms' };
    }
  }, [validation, availability, startSignup]);

  return { values, setField, errors, availability, checkSetup, submit };
}

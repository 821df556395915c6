import type { DeviceProfile } from '@opencare/schemas/entities/devices';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ApiError, asApiError } from '../../api/api-error';
import {
  builderValuesOf,
  checkedBody,
  hasErrors,
  NO_ERRORS,
  placeIssues,
  sameBody,
  type BuilderErrors,
  type BuilderValues,
} from './builder-values';
import {
  useCompleteProfileMutation,
  useCreateProfileMutation,
  useUpdateProfileMutation,
} from './device-profile-queries';

export type BuilderStatus = 'idle' | 'saving' | 'completing';

interface Options {
  /** The saved profile being edited; none for a new one. */
  initial?: DeviceProfile;
  /** A new profile was saved for the first time. */
  onCreated?: (profile: DeviceProfile) => void;
}

/**
 * The builder's state and its two server actions. Saves run one after another (an auto-save and a
 * click can overlap), each sending the values as they were when it started; anything typed while it
 * ran stays unsaved, so "unsaved changes" is always true to what the server holds.
 */
export function useProfileBuilder({ initial, onCreated }: Options) {
  const [profile, setProfile] = useState<DeviceProfile | undefined>(initial);
  const [values, setValues] = useState<BuilderValues>(() => builderValuesOf(initial));
  const [saved, setSaved] = useState<BuilderValues>(values);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<BuilderErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<unknown>(null);
  const [status, setStatus] = useState<BuilderStatus>('idle');
  const create = useCreateProfileMutation();
  const { mutateAsync: update } = useUpdateProfileMutation();
  const { mutateAsync: completeProfile } = useCompleteProfileMutation();

  // Read by saves in flight and by the navigation blocker, which run outside React's render.
  const live = useRef({ profile, values, saved });
  useLayoutEffect(() => {
    live.current = { ...live.current, values };
  }, [values]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const validation = useMemo(() => checkedBody(values), [values]);
  const errors: BuilderErrors = {
    profile: { ...(checked ? validation.errors?.profile : {}), ...serverErrors.profile },
    tasks: checked ? { ...validation.errors?.tasks, ...serverErrors.tasks } : serverErrors.tasks,
  };
  const dirty = !sameBody(values, saved) || profile === undefined;

  const isDirty = useCallback(() => {
    const { profile: current, values: now, saved: then } = live.current;
    // A new profile with nothing in it has nothing to lose.
    if (current === undefined) return !sameBody(now, builderValuesOf());
    return !sameBody(now, then);
  }, []);

  const edit = useCallback((change: (previous: BuilderValues) => BuilderValues) => {
    setValues(change);
    setServerErrors(NO_ERRORS);
    setFailure(null);
  }, []);

  /** Save the working copy as a draft; false when it could not be (the problems are shown). */
  const saveDraft = useCallback(
    (options: { leaving?: boolean } = {}): Promise<boolean> => {
      const run = async (): Promise<boolean> => {
        const { profile: current, values: sending } = live.current;
        const check = checkedBody(sending);
        if (!check.body) {
          setChecked(true);
          return false;
        }
        if (current && !isDirty()) return true;
        setStatus('saving');
        try {
          const next = current
            ? await update({ id: current.id, changes: check.body })
            : await create(check.body);
          live.current = { ...live.current, profile: next, saved: sending };
          setProfile(next);
          setSaved(sending);
          setFailure(null);
          if (!current && !options.leaving) onCreated?.(next);
          return true;
        } catch (caught) {
          const error = asApiError(caught);
          if (error instanceof ApiError && error.errors.length > 0)
            setServerErrors(placeIssues(sending, error.errors));
          setChecked(true);
          setFailure(error);
          return false;
        } finally {
          setStatus('idle');
        }
      };
      const result = queue.current.then(run, run);
      queue.current = result;
      return result;
    },
    [isDirty, onCreated, create, update],
  );

  /** Save, then complete as the next version: what gateways receive from then on. */
  const complete = useCallback(async (): Promise<DeviceProfile | null> => {
    const isNew = live.current.profile === undefined;
    // A new profile is announced as created only if it stays here (completion shows its page).
    if (!(await saveDraft({ leaving: true }))) return null;
    const current = live.current.profile;
    if (!current) return null;
    setStatus('completing');
    try {
      const next = await completeProfile({ id: current.id });
      live.current = { ...live.current, profile: next };
      setProfile(next);
      return next;
    } catch (error) {
      setFailure(asApiError(error));
      if (isNew) onCreated?.(current);
      return null;
    } finally {
      setStatus('idle');
    }
  }, [saveDraft, onCreated, completeProfile]);

  return {
    profile,
    values,
    edit,
    errors,
    hasErrors: checked && hasErrors(errors),
    dirty,
    isDirty,
    failure,
    status,
    saveDraft,
    complete,
    savedDevice: saved.device,
  };
}

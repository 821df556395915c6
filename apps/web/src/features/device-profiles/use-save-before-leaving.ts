import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Auto-save on the way out. Whenever the admin leaves the builder with unsaved changes — a menu
 * link, the back link, "Finish later", opening another profile from the switcher — the navigation
 * waits while the draft is saved, then goes on. Only if the draft cannot be saved (a field is
 * wrong, the server refused it) does the admin choose: stay and fix it, or leave without saving.
 * Closing or reloading the tab cannot wait for a save, so the browser asks instead.
 */
export function useSaveBeforeLeaving(isDirty: () => boolean, save: () => Promise<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );
  const [saveFailed, setSaveFailed] = useState(false);
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
  }, [save]);

  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    let current = true;
    void saveRef.current().then((ok) => {
      if (!current) return;
      if (ok) blocker.proceed?.();
      else setSaveFailed(true);
    });
    return () => {
      current = false;
    };
    // Once per blocked navigation, with that navigation's blocker: a re-render while the save runs
    // (the builder shows "saving") must not start a second one.
  }, [blocked]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (isDirty()) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return {
    /** The draft could not be saved on the way out: the admin decides. */
    saveFailed,
    stay: () => {
      setSaveFailed(false);
      blocker.reset?.();
    },
    leaveWithoutSaving: () => {
      setSaveFailed(false);
      blocker.proceed?.();
    },
  };
}

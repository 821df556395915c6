import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SMART_RESOURCES } from '@opencare/schemas/entities/smart-clients';

/** `system/*.read` → all, `system/Observation.read` → Observation: the scope's key in `scopes`. */
const keyOf = (scope: string) => {
  const named = /^system\/(\*|\w+)\.read$/.exec(scope)?.[1];
  if (named === '*') return 'all' as const;
  return (SMART_RESOURCES as readonly string[]).includes(named ?? '') ? (named as (typeof SMART_RESOURCES)[number]) : null;
};

/** A scope in the admin's words ("Readings (Observation)"); one not offered here as written. */
export function useScopeLabel(): (scope: string) => string {
  const { t } = useTranslation('integrations');
  return useCallback(
    (scope: string) => {
      const key = keyOf(scope);
      return key ? t(`scopes.${key}`) : scope;
    },
    [t],
  );
}

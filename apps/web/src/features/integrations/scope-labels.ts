import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { SMART_RESOURCES } from '@opencare/schemas/entities/smart-clients';

/** `system/*.read` → all, `system/Observation.read` → Observation: the scope's key in `scopes`. */
const keyOf = (scope: string) => {
  const named = /^system\/(\*|\w+)\.read$/.exec(scope)?.[1];
  if (named === '*') return 'all' as const;
  return (SMART_RESOURCES as readonly string[]).includes(named ?? '') ? (named as (typeof SMART_RESOURCES)[number]) : null;
};

/** `patient/Observation.read` → patient and Observation: an app's scope, its context and resource key. */
const appKeyOf = (scope: string) => {
  const match = /^(patient|user)\/(\*|\w+)\.read$/.exec(scope);
  if (!match) return null;
  const key = keyOf(`system/${match[2]}.read`);
  return key ? { context: match[1] as 'patient' | 'user', key } : null;
};

/** A scope in the admin's words ("Readings (Observation)", "One patient’s record: Readings (Observation)"); one not offered here as written. */
export function useScopeLabel(): (scope: string) => string {
  const { t } = useTranslation('integrations');
  return useCallback(
    (scope: string) => {
      if (scope === 'launch/patient') return t('appScopes.launchPatient');
      if (scope === 'online_access') return t('appScopes.onlineAccess');
      if (scope === 'openid' || scope === 'fhirUser') return t(`appScopes.${scope}`);
      const app = appKeyOf(scope);
      if (app) return t(`appScopes.${app.context}`, { what: t(`scopes.${app.key}`) });
      const key = keyOf(scope);
      return key ? t(`scopes.${key}`) : scope;
    },
    [t],
  );
}

import { SMART_RESOURCES } from '@opencare/schemas/entities/smart-clients';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const RESOURCE_SCOPE = /^(patient|user)\/(\*|\w+)\.(read|r|s|rs)$/;

/** The key of a scope's plain-words text in `smartAuthorize:scopes`, or null for a scope the server does not give. */
export function scopeKeyOf(scope: string): string | null {
  if (scope === 'launch/patient') return 'launchPatient';
  if (scope === 'online_access') return 'onlineAccess';
  if (scope === 'openid' || scope === 'fhirUser') return scope;
  const match = RESOURCE_SCOPE.exec(scope);
  if (!match) return null;
  const resource = match[2] === '*' ? 'all' : (SMART_RESOURCES as readonly string[]).includes(match[2]!) ? match[2]! : null;
  return resource ? `${match[1]}.${resource}` : null;
}

/**
 * What a granted scope lets the app read, in plain words: a patient's own record in the second
 * person ("Your readings: blood pressure, …"), one patient of a clinician's in the third ("The
 * patient's readings…").
 */
export function useScopeText(whose: 'own' | 'onePatient' = 'own'): (scope: string) => string {
  const { t } = useTranslation('smartAuthorize');
  return useCallback(
    (scope: string) => {
      const asked = scopeKeyOf(scope);
      const key = whose === 'onePatient' && asked?.startsWith('patient.') ? `onePatient.${asked.slice('patient.'.length)}` : asked;
      // Keys built from the server's scopes: checked against the source locale by the consent page's test.
      return key ? t(`scopes.${key}` as 'scopes.launchPatient') : scope;
    },
    [t, whose],
  );
}

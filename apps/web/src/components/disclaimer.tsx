import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/use-session';

/**
 * The emergency disclaimer is for patients, caregivers and anyone not signed in; staff acting as
 * staff are not told to call 911 on every screen (issue 17).
 */
export function useSeesDisclaimer(): boolean {
  const { state } = useSession();
  return state.status !== 'signed-in' || state.account.accountType.code !== 'prov';
}

export function Disclaimer() {
  const { t } = useTranslation();
  if (!useSeesDisclaimer()) return null;
  return (
    <Alert color="red" variant="light" data-testid="disclaimer">
      {t('disclaimer')}
    </Alert>
  );
}

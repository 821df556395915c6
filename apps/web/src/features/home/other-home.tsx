import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/page/empty-state';
import { ROUTES } from '../../route-paths';
import { useSession } from '../../session/use-session';
import { CaregiverHome } from '../caregivers/caregiver-home';

/**
 * Home for an account with no patient, clinician or admin role: a caregiver's people and
 * invitations (issue 19); for anyone else (a plain user), nothing to ask the server, since such
 * accounts read no clinical records (docs/access-control.md).
 */
export function OtherHome() {
  const { t } = useTranslation('screens');
  const { state } = useSession();
  if (state.status === 'signed-in' && state.account.accountType.code === 'car') return <CaregiverHome />;
  return (
    <EmptyState
      title={t('home.other.title')}
      hint={t('home.other.hint')}
      action={
        <Button component={Link} to={ROUTES.settings} variant="default">
          {t('home.other.settings')}
        </Button>
      }
    />
  );
}

import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/page/empty-state';
import { ROUTES } from '../../route-paths';

/**
 * Home for an account with no patient, clinician or admin role (a caregiver, a plain user): it asks
 * the server nothing, since such accounts read no clinical records (docs/access-control.md).
 */
export function OtherHome() {
  const { t } = useTranslation('screens');
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

import { useTranslation } from 'react-i18next';
import { UsersIcon } from '../../components/icons/icons';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

/** One patient (spec §2, `/patients/:patientId`; the id is checked to be a UUID before this renders). */
export function PatientProfilePage() {
  const { t } = useTranslation('screens');
  return (
    <PageFrame
      title={t('patients.profile.title')}
      back={<BackLink to={ROUTES.findPatient} label={t('patients.backToList')} />}
    >
      <EmptyState
        icon={<UsersIcon size={28} />}
        title={t('patients.profile.empty')}
        hint={t('patients.profile.emptyHint')}
      />
    </PageFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { UsersIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';

/** Find a patient (spec §2, physician or nurse). */
export function PatientsPage() {
  const { t } = useTranslation('screens');
  return (
    <PageFrame title={t('patients.title')} intro={t('patients.intro')}>
      <EmptyState icon={<UsersIcon size={28} />} title={t('patients.empty')} hint={t('patients.emptyHint')} />
    </PageFrame>
  );
}

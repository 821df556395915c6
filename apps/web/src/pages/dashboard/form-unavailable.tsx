import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/page/empty-state';

/** Where a dashboard form will be: it says plainly that it cannot be used yet. */
export function FormUnavailable() {
  const { t } = useTranslation('screens');
  return <EmptyState title={t('dashboard.formUnavailable')} hint={t('dashboard.formUnavailableHint')} />;
}

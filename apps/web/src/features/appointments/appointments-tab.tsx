import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';

/** Home's appointments tab: the signed-in person's coming appointments. */
export function AppointmentsTab() {
  const { t } = useTranslation();
  return (
    <EmptyState
      order={2}
      icon={<CalendarIcon size={28} />}
      title={t('home.noAppointments')}
      hint={t('home.noAppointmentsHint')}
    />
  );
}

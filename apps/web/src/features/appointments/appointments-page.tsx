import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { useSession } from '../../session/use-session';
import { appointmentsViewOf } from './appointments-view';
import { ClinicianAppointments } from './clinician-appointments';
import { PatientAppointments } from './patient-appointments';

/** /appointments: a patient's own, or the clinic's for its clinicians (spec §2: any signed-in role). */
export function AppointmentsPage() {
  const { t } = useTranslation('appointments');
  const { state } = useSession();
  // RequireSession renders this page only when signed in.
  if (state.status !== 'signed-in') return null;
  const view = appointmentsViewOf(state.account);

  if (view === 'none') {
    return (
      <PageFrame title={t('title')}>
        <EmptyState icon={<CalendarIcon size={28} />} title={t('noAccess.title')} hint={t('noAccess.hint')} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('title')} intro={t(`intro.${view}`)}>
      {view === 'patient' ? <PatientAppointments /> : <ClinicianAppointments />}
    </PageFrame>
  );
}

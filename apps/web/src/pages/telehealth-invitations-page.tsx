import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageFrame } from '../components/page/page-frame';
import { TelehealthInvitationScreen } from '../features/visits/telehealth-invitation-view';

/** Joining a video visit from an invitation link, signed out (spec §2, §7: `?key=`). */
export function TelehealthInvitationsPage() {
  const { t } = useTranslation('screens');
  const [search] = useSearchParams();
  return (
    <PageFrame title={t('telehealthInvitations.title')} intro={t('telehealthInvitations.intro')}>
      <TelehealthInvitationScreen invitationKey={(search.get('key') ?? '').trim()} />
    </PageFrame>
  );
}

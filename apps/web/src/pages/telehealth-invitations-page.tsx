import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CalendarIcon } from '../components/icons/icons';
import { EmptyState } from '../components/page/empty-state';
import { PageFrame } from '../components/page/page-frame';

/** Joining a video visit from an invitation link, signed out (spec §2, §7: `?key=`). */
export function TelehealthInvitationsPage() {
  const { t } = useTranslation('screens');
  const [search] = useSearchParams();
  const hasKey = (search.get('key') ?? '').trim() !== '';
  return (
    <PageFrame title={t('telehealthInvitations.title')} intro={t('telehealthInvitations.intro')}>
      {hasKey ? (
        <EmptyState
          icon={<CalendarIcon size={28} />}
          title={t('telehealthInvitations.pending')}
          hint={t('telehealthInvitations.pendingHint')}
        />
      ) : (
        <EmptyState title={t('telehealthInvitations.missingKey')} hint={t('telehealthInvitations.missingKeyHint')} />
      )}
    </PageFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { Disclaimer } from '../../components/disclaimer';
import { PageFrame } from '../../components/page/page-frame';
import { useSession } from '../../session/use-session';
import { Mailbox } from './mailbox';

/** /mail: a physician's or nurse's conversations with their patients (spec §2). */
export function MailPage() {
  const { t } = useTranslation('mail');
  const { state } = useSession();
  if (state.status !== 'signed-in') return null;
  return (
    <PageFrame title={t('title')} size="xl">
      <Disclaimer />
      <Mailbox accountId={state.account.id} clinician />
    </PageFrame>
  );
}

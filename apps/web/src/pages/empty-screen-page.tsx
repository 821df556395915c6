import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/page/empty-state';
import { PageFrame } from '../components/page/page-frame';

/** Screens whose records arrive with later features; until then they say there are none yet. */
export type EmptyScreen = 'appointments' | 'mail' | 'incompleteVisits' | 'analytics';

export function EmptyScreenPage({ screen }: { screen: EmptyScreen }) {
  const { t } = useTranslation('screens');
  return (
    <PageFrame title={t(`${screen}.title`)} intro={t(`${screen}.intro`)}>
      <EmptyState title={t(`${screen}.empty`)} hint={t(`${screen}.emptyHint`)} />
    </PageFrame>
  );
}

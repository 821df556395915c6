import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page/page-frame';
import { TextSections } from '../../components/page/text-sections';

const SECTIONS = ['service', 'emergencies', 'account', 'use', 'availability', 'changes'] as const;

export function TermsPage() {
  const { t } = useTranslation('info');
  return (
    <PageFrame title={t('terms.title')} intro={t('terms.intro')}>
      <TextSections
        sections={SECTIONS.map((id) => ({
          id,
          title: t(`terms.sections.${id}.title`),
          body: t(`terms.sections.${id}.body`),
        }))}
      />
    </PageFrame>
  );
}

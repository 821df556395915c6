import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page/page-frame';
import { TextSections } from '../../components/page/text-sections';

const SECTIONS = ['collect', 'use', 'share', 'security', 'rights', 'device'] as const;

export function PrivacyPolicyPage() {
  const { t } = useTranslation('info');
  return (
    <PageFrame title={t('privacy.title')} intro={t('privacy.intro')}>
      <TextSections
        sections={SECTIONS.map((id) => ({
          id,
          title: t(`privacy.sections.${id}.title`),
          body: t(`privacy.sections.${id}.body`),
        }))}
      />
    </PageFrame>
  );
}

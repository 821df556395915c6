import { useTranslation } from 'react-i18next';
import { Disclaimer } from '../../components/disclaimer';
import { PageFrame } from '../../components/page/page-frame';
import { TextSections } from '../../components/page/text-sections';

const SECTIONS = ['tasks', 'measurements', 'gateway', 'visits', 'contact'] as const;

/** Help for patients (spec §2, patient only). */
export function HelpPage() {
  const { t } = useTranslation('info');
  return (
    <PageFrame title={t('help.title')} intro={t('help.intro')}>
      <Disclaimer />
      <TextSections
        sections={SECTIONS.map((id) => ({
          id,
          title: t(`help.sections.${id}.title`),
          body: t(`help.sections.${id}.body`),
        }))}
      />
    </PageFrame>
  );
}

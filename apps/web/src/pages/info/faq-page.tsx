import { Accordion, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page/page-frame';

const QUESTIONS = ['what', 'emergency', 'measurements', 'visit', 'accounts', 'language', 'password'] as const;

export function FaqPage() {
  const { t } = useTranslation('info');
  return (
    <PageFrame title={t('faq.title')} intro={t('faq.intro')}>
      <Paper withBorder radius="md">
        <Accordion variant="default" chevronPosition="right" defaultValue="emergency">
          {QUESTIONS.map((id) => (
            <Accordion.Item key={id} value={id}>
              <Accordion.Control>{t(`faq.items.${id}.q`)}</Accordion.Control>
              <Accordion.Panel>{t(`faq.items.${id}.a`)}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Paper>
    </PageFrame>
  );
}

import { Alert, List, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';

const STEPS = ['power', 'network', 'register', 'wait'] as const;

/** How a gateway is set up (spec §2, §5: by its 12-digit MAC number or a QR code). */
export function GatewaySetupPage() {
  const { t } = useTranslation('screens');
  return (
    <PageFrame
      title={t('gateways.setup.title')}
      back={<BackLink to={ROUTES.gateways} label={t('gateways.title')} />}
    >
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Text>{t('gateways.setup.intro')}</Text>
          <List type="ordered" spacing="sm">
            {STEPS.map((step) => (
              <List.Item key={step}>{t(`gateways.setup.${step}`)}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
      <Alert variant="light" color="blue">
        {t('gateways.setup.unavailable')}
      </Alert>
    </PageFrame>
  );
}

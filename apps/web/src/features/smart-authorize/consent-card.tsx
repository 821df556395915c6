import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { SmartConsent } from '@opencare/schemas/entities/smart-clients';
import { useTranslation } from 'react-i18next';
import { useScopeText } from './scope-text';

/**
 * The question put to the person: which app, what it will read (in plain words), whose record, and
 * where the answer goes. Allow is not the default: neither button has focus until the person moves to it.
 */
export function ConsentCard({ consent, deciding, failure, onDecide }: { consent: SmartConsent; deciding: 'allow' | 'deny' | null; failure: string | null; onDecide: (allow: boolean) => void }) {
  const { t } = useTranslation('smartAuthorize');
  const scopeText = useScopeText();
  const reads = consent.scopes.filter((scope) => scope !== 'launch/patient');
  // Names isolated (FSI … PDI): a Latin name keeps its order inside an Arabic sentence, and an Arabic one in an English sentence.
  const app = `\u2068${consent.clientName}\u2069`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="smart-consent-title" data-testid="smart-consent">
      <Stack gap="md">
        <Title order={1} size="h3" id="smart-consent-title">
          {t('title', { app })}
        </Title>
        <Text>{consent.patient ? t('introPatient', { app }) : t('introUser', { app })}</Text>
        {consent.patient && (
          <Text data-testid="smart-consent-patient">
            {t('whose')} <strong>{t('you', { name: `\u2068${consent.patient.name}\u2069` })}</strong>
          </Text>
        )}
        <div>
          <Text fw={600} id="smart-consent-reads">
            {t('willRead')}
          </Text>
          <List aria-labelledby="smart-consent-reads" spacing={4} mt={6} data-testid="smart-consent-scopes">
            {reads.map((scope) => (
              <List.Item key={scope}>{scopeText(scope)}</List.Item>
            ))}
          </List>
        </div>
        <Text size="sm" c="dimmed">
          {t('readOnly')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="smart-consent-origin">
          {t('sentTo')}{' '}
          <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
            {consent.redirectOrigin}
          </span>
        </Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={() => onDecide(false)} loading={deciding === 'deny'} disabled={deciding === 'allow'} data-testid="smart-consent-deny">
            {t('deny')}
          </Button>
          <Button onClick={() => onDecide(true)} loading={deciding === 'allow'} disabled={deciding === 'deny'} data-testid="smart-consent-allow">
            {t('allow')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

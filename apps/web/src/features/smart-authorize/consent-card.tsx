import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { SmartConsent } from '@opencare/schemas/entities/smart-clients';
import { useTranslation } from 'react-i18next';
import { useOwnPatientAccountId } from '../../session/use-session';
import { ConsentPatient, type PatientChoice } from './consent-patient';
import { useScopeText } from './scope-text';

// Scopes that are not reads: the launch context says which patient (the patient line shows it), and
// online_access how long (the closing sentence says it).
const NOT_READS = new Set(['launch', 'launch/patient', 'online_access']);

interface ConsentCardProps {
  consent: SmartConsent;
  deciding: 'allow' | 'deny' | null;
  failure: string | null;
  onDecide: (allow: boolean) => void;
  choice: PatientChoice;
}

/**
 * The question put to the person: which app, what it will read (in plain words), whose record, and
 * where the answer goes. Allow is not the default: neither button has focus until the person moves
 * to it; and while a clinician has still to choose the patient, Allow waits for the choice.
 */
export function ConsentCard({ consent, deciding, failure, onDecide, choice }: ConsentCardProps) {
  const { t } = useTranslation('smartAuthorize');
  // A patient gives their own record; a clinician one patient's (launched from or chosen here).
  const own = useOwnPatientAccountId() !== null;
  const onePatient = !own && (consent.patient !== null || consent.choosePatient);
  const scopeText = useScopeText(onePatient ? 'onePatient' : 'own');
  const reads = consent.scopes.filter((scope) => !NOT_READS.has(scope));
  const online = consent.scopes.includes('online_access');
  const waitingForPatient = consent.choosePatient && !choice.value;
  // Names isolated (FSI … PDI): a Latin name keeps its order inside an Arabic sentence, and an Arabic one in an English sentence.
  const app = `\u2068${consent.clientName}\u2069`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="smart-consent-title" data-testid="smart-consent">
      <Stack gap="md">
        <Title order={1} size="h3" id="smart-consent-title">
          {onePatient ? t('titlePatient', { app }) : t('title', { app })}
        </Title>
        <Text>{onePatient ? t('introOnePatient', { app }) : consent.patient ? t('introPatient', { app }) : t('introUser', { app })}</Text>
        <ConsentPatient consent={consent} own={own} choice={choice} />
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
        <Text size="sm" c="dimmed" data-testid="smart-consent-duration">
          {online ? `${t('readOnlyOnline')} ${scopeText('online_access')}` : t('readOnly')}
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
          <Button onClick={() => onDecide(true)} loading={deciding === 'allow'} disabled={deciding === 'deny' || waitingForPatient} data-testid="smart-consent-allow">
            {t('allow')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AwaitingPatient } from '@opencare/schemas/entities/patients';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { useNotifications } from '../../components/notifications/use-notify';
import { ConfirmDialog } from './care-plan/confirm-dialog';
import { useReadingFormat } from './shared/use-reading-format';

/**
 * Patients who signed up themselves and wait for approval (issue 19): approve (they join the patient
 * list and can sign in) or decline, asked twice. Shows nothing while nobody waits.
 */
export function AwaitingApproval() {
  const { t } = useTranslation('patients');
  const awaiting = trpc.patients.awaitingApproval.useQuery();
  if (!awaiting.data || awaiting.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="awaiting-approval-title" data-testid="awaiting-approval">
      <Stack gap="sm">
        <Title order={2} size="h4" id="awaiting-approval-title">
          {t('awaitingApproval.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('awaitingApproval.intro')}
        </Text>
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {awaiting.data.map((patient) => (
            <AwaitingRow key={patient.accountId} patient={patient} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function AwaitingRow({ patient }: { patient: AwaitingPatient }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const { notify } = useNotifications();
  const utils = trpc.useUtils();
  const [declining, setDeclining] = useState(false);
  // Either way the patient leaves this list; approved, they join the patient list.
  const decided = () => Promise.all([utils.patients.awaitingApproval.invalidate(), utils.patients.list.invalidate()]);
  const approve = trpc.patients.approve.useMutation({ onSuccess: decided });
  const decline = trpc.patients.decline.useMutation({ onSuccess: decided });
  const name = patient.fullName;
  return (
    <Group component="li" justify="space-between" gap="sm" py="xs" data-testid="awaiting-patient" data-account={patient.accountId} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={0}>
        <Text fw={600}>
          <bdi>{name}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {[patient.dateOfBirth && t('awaitingApproval.born', { date: format.day(patient.dateOfBirth) }), t('awaitingApproval.signedUp', { date: format.dateTime(patient.signedUpAt) })]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {patient.email && (
          <Text size="xs" c="dimmed">
            <bdi>{patient.email}</bdi>
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        <Button
          size="compact-sm"
          loading={approve.isPending}
          onClick={() =>
            approve.mutate(
              { id: patient.accountId },
              { onSuccess: () => notify({ id: `approved-${patient.accountId}`, message: t('awaitingApproval.approved', { name }), tone: 'success' }) },
            )
          }
          data-testid="approve-patient"
        >
          {t('awaitingApproval.approve')}
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setDeclining(true)} data-testid="decline-patient">
          {t('awaitingApproval.decline')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={declining}
        title={t('awaitingApproval.declineTitle', { name })}
        body={t('awaitingApproval.declineBody')}
        confirmLabel={t('awaitingApproval.decline')}
        onClose={() => setDeclining(false)}
        onConfirm={async () => {
          await decline.mutateAsync({ id: patient.accountId });
          setDeclining(false);
          notify({ id: `declined-${patient.accountId}`, message: t('awaitingApproval.declined', { name }), tone: 'success' });
        }}
      />
    </Group>
  );
}

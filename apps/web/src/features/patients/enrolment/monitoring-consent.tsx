import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Enrolment } from '@opencare/schemas/entities/enrolment';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { useNotifications } from '../../../components/notifications/use-notify';
import { useSession } from '../../../session/use-session';
import { EnrolmentDetails } from './enrolment-details';
import { useConsentMutation, useEnrolments, useWithdrawMutation } from './enrolment-queries';

// Loaded when asked for: Mantine's Modal brings its scroll area and floating-ui (about 20 kB on the
// wire), which the patient's home would otherwise download for a dialog seldom opened.
const ConfirmDialog = lazy(() => import('../care-plan/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * The patient's side of remote monitoring on their home (issue 19): an invitation to sign, or the
 * programme they take part in with their consent, which they may withdraw. Nothing without an open episode.
 */
export function MonitoringConsent() {
  const { state } = useSession();
  const patientId = state.status === 'signed-in' ? state.account.id : '';
  const enrolments = useEnrolments(patientId);
  const open = enrolments.data?.find((e) => e.status !== 'ended');
  if (!open) return null;
  return <OpenEpisode enrolment={open} />;
}

function OpenEpisode({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const { notify } = useNotifications();
  const consent = useConsentMutation();
  const withdraw = useWithdrawMutation();
  const [withdrawing, setWithdrawing] = useState(false);
  const invited = enrolment.status === 'awaitingConsent';
  return (
    <Paper withBorder radius="md" p="md" mb="md" component="section" aria-labelledby="monitoring-consent-title" data-testid="monitoring-consent">
      <Stack gap="sm">
        <Title order={2} size="h4" id="monitoring-consent-title">
          {invited ? t('enrolment.patient.invitedTitle') : t('enrolment.patient.activeTitle')}
        </Title>
        {invited && <Text size="sm">{t('enrolment.patient.invited', { provider: enrolment.primaryProviderName })}</Text>}
        <EnrolmentDetails enrolment={enrolment} />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="compact-md" onClick={() => setWithdrawing(true)} data-testid="withdraw-consent">
            {invited ? t('enrolment.patient.decline') : t('enrolment.patient.withdraw')}
          </Button>
          {invited && (
            <Button
              size="compact-md"
              loading={consent.isPending}
              onClick={() =>
                consent.mutate(
                  { id: enrolment.id },
                  {
                    onSuccess: () => notify({ id: 'consent-given', message: t('enrolment.patient.agreed'), tone: 'success' }),
                    onError: (error) => notify({ id: 'consent-failed', message: errorMessageOf(tc, error), tone: 'error' }),
                  },
                )
              }
              data-testid="give-consent"
            >
              {t('enrolment.patient.agree')}
            </Button>
          )}
        </Group>
      </Stack>
      {withdrawing && (
        <Suspense fallback={null}>
          <ConfirmDialog
            opened
            title={t('enrolment.patient.withdrawTitle')}
            body={t('enrolment.patient.withdrawBody')}
            confirmLabel={invited ? t('enrolment.patient.decline') : t('enrolment.patient.withdraw')}
            onClose={() => setWithdrawing(false)}
            onConfirm={async () => {
              await withdraw.mutateAsync({ id: enrolment.id });
              setWithdrawing(false);
              notify({ id: 'consent-withdrawn', message: t('enrolment.patient.withdrawnNotice'), tone: 'success' });
            }}
          />
        </Suspense>
      )}
    </Paper>
  );
}

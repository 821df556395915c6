import { Button, Group, Stack, Text } from '@mantine/core';
import type { Enrolment } from '@opencare/schemas/entities/enrolment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';
import { QueryView } from '../../../components/data/load-state';
import { useNotifications } from '../../../components/notifications/use-notify';
import { SectionCard } from '../shared/section-card';
import { useReadingFormat } from '../shared/use-reading-format';
import { EnrolmentDetails } from './enrolment-details';
import { EnrolForm } from './enrol-form';
import { useEnrolments, useSetupMutation } from './enrolment-queries';

/**
 * The patient's remote-monitoring programme on the chart (issue 19): the open episode with its
 * consent and set-up, or enrolment; earlier episodes below it.
 */
export function EnrolmentCard({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const enrolments = useEnrolments(patientId);
  const [enrolling, setEnrolling] = useState(false);
  return (
    <SectionCard title={t('enrolment.title')} testId="enrolment-card">
      <QueryView query={enrolments} loading={t('enrolment.loading')}>
        {(list) => {
          const open = list.find((e) => e.status !== 'ended');
          return (
            <Stack gap="sm">
              {open ? (
                <>
                  <EnrolmentDetails enrolment={open} />
                  <Setup enrolment={open} />
                </>
              ) : (
                <>
                  <Text size="sm" c="dimmed">
                    {list.length === 0 ? t('enrolment.none') : t('enrolment.noneOpen')}
                  </Text>
                  <Group justify="flex-end">
                    <Button size="compact-sm" variant="light" onClick={() => setEnrolling(true)} data-testid="enrol-patient">
                      {t('enrolment.enrol')}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          );
        }}
      </QueryView>
      {enrolling && <EnrolForm patientId={patientId} onClose={() => setEnrolling(false)} />}
    </SectionCard>
  );
}

/** The episode's first device set-up and education: recorded once, then shown. */
function Setup({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const format = useReadingFormat();
  const { notify } = useNotifications();
  const setup = useSetupMutation();
  if (enrolment.setupAt) {
    return (
      <Text size="sm" data-testid="enrolment-setup">
        {t('enrolment.setupDone', { at: format.dateTime(enrolment.setupAt), by: enrolment.setupByName ?? '' })}
      </Text>
    );
  }
  if (enrolment.status !== 'active') return null;
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {t('enrolment.setupMissing')}
      </Text>
      <Button
        size="compact-sm"
        variant="light"
        loading={setup.isPending}
        onClick={() =>
          setup.mutate(
            { id: enrolment.id },
            {
              onSuccess: () => notify({ id: 'setup-recorded', message: t('enrolment.setupRecorded'), tone: 'success' }),
              onError: (error) => notify({ id: 'setup-failed', message: errorMessageOf(tc, error), tone: 'error' }),
            },
          )
        }
        data-testid="record-setup"
      >
        {t('enrolment.recordSetup')}
      </Button>
    </Group>
  );
}

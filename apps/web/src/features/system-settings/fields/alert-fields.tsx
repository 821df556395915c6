import { Fieldset, MultiSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { ESCALATION_MINUTES_FIELDS, ESCALATION_MINUTES_MAX, type EscalationLevel } from '@opencare/schemas/entities/settings';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { ALL_PROVIDERS } from '../../patients/patient-queries';
import type { AreaFormApi } from '../area-form';
import { numberField } from '../field-props';

const LEVELS = Object.keys(ESCALATION_MINUTES_FIELDS) as EscalationLevel[];

/**
 * Alerts: minutes an unacknowledged alert waits per severity before each escalation step (the
 * assignee, the primary provider, the on-call list), who is on call, and the days without readings
 * that raise a "no readings" alert.
 */
export function AlertFields({ form }: { form: AreaFormApi<'alerts'> }) {
  const { t } = useTranslation('system');
  const providers = trpc.providers.list.useQuery(ALL_PROVIDERS);
  const onCall = Array.isArray(form.values.onCall) ? form.values.onCall : [];
  const known = new Set((providers.data?.items ?? []).map((p) => p.accountId));
  const people = [
    ...(providers.data?.items ?? []).map((p) => ({ value: p.accountId, label: `${p.firstName} ${p.lastName}` })),
    // Someone on call who is no longer listed still shows, so they can be taken off.
    ...onCall.filter((id) => !known.has(id)).map((id) => ({ value: id, label: t('alerts.unknownPerson') })),
  ];
  return (
    <Stack gap="md">
      <Fieldset legend={t('alerts.escalationLegend')} variant="unstyled" aria-describedby="alert-minutes-hint">
        <Text id="alert-minutes-hint" size="sm" c="dimmed" mb="xs">
          {t('alerts.minutesHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {LEVELS.map((level) => (
            <NumberInput
              key={level}
              {...numberField(form, ESCALATION_MINUTES_FIELDS[level])}
              label={t(`alerts.minutes.${level}`)}
              min={0}
              max={ESCALATION_MINUTES_MAX}
              required
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <MultiSelect
        name="onCall"
        label={t('alerts.onCall')}
        description={t('alerts.onCallHint')}
        data={people}
        value={onCall}
        onChange={(value) => form.set('onCall', value)}
        error={form.error('onCall')}
        searchable
        clearable
        data-testid="alert-on-call"
      />
      <NumberInput
        {...numberField(form, 'noReadingsDays')}
        label={t('alerts.noReadingsDays')}
        description={t('alerts.noReadingsDaysHint')}
        min={0}
        max={90}
        maw={360}
        required
      />
    </Stack>
  );
}

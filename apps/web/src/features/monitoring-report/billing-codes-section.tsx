import { Button, Checkbox, Group, Modal, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  BILLING_CODE_RULES,
  THRESHOLDS_OF_KIND,
  updateBillingCodeInputSchema,
  type BillingCode,
} from '@opencare/schemas/entities/monitoring-report';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/data/load-state';
import { FormFailure } from '../../components/form/form-failure';
import { useRuleMessages, type FeatureMessages } from '../../components/form/use-field-message';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useNotifications } from '../../components/notifications/use-notify';
import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import { useReadingFormat } from '../patients/shared/use-reading-format';
import { useBillingCodes, useUpdateBillingCode } from './report-queries';

type Threshold = (typeof THRESHOLDS_OF_KIND)[BillingCode['kind']][number];

/** The codes and thresholds the report maps to, one table the organisation keeps; admins edit them. */
export function BillingCodesSection() {
  const { t } = useTranslation('patients');
  const codes = useBillingCodes();
  const { state } = useSession();
  const admin = state.status === 'signed-in' && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES.admin);
  const [editing, setEditing] = useState<BillingCode | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="billing-codes-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="billing-codes-title">
          {t('monitoringReport.codesTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {admin ? t('monitoringReport.codesHintAdmin') : t('monitoringReport.codesHint')}
        </Text>
        <QueryView query={codes} loading={t('monitoringReport.loading')}>
          {(list) => (
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="xs" data-testid="billing-codes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('monitoringReport.code')}</Table.Th>
                    <Table.Th>{t('monitoringReport.description')}</Table.Th>
                    <Table.Th>{t('monitoringReport.rule')}</Table.Th>
                    <Table.Th>{t('monitoringReport.inForce')}</Table.Th>
                    {admin && <Table.Th />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((code) => (
                    <Table.Tr key={code.id} data-testid="billing-code" data-code={code.code}>
                      <Table.Td fw={600}>
                        <bdi>{code.code}</bdi>
                      </Table.Td>
                      <Table.Td>{code.description}</Table.Td>
                      <Table.Td>
                        <RuleText code={code} />
                      </Table.Td>
                      <Table.Td>
                        <InForce code={code} />
                      </Table.Td>
                      {admin && (
                        <Table.Td>
                          <Button size="compact-sm" variant="subtle" onClick={() => setEditing(code)} aria-label={t('monitoringReport.editCode', { code: code.code })}>
                            {t('monitoringReport.edit')}
                          </Button>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryView>
      </Stack>
      {editing && <EditCodeForm code={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}

/** "16–30 days of 30", "20 minutes or more, with interactive contact", "each 20 minutes from 40". */
function RuleText({ code }: { code: BillingCode }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const n = (value: number | null) => format.number(value ?? 0, 0);
  const rule =
    code.kind === 'setup'
      ? t('monitoringReport.rules.setup', { min: n(code.minDays) })
      : code.kind === 'deviceDays'
        ? code.maxDays === null
          ? t('monitoringReport.rules.daysFrom', { min: n(code.minDays) })
          : t('monitoringReport.rules.days', { min: n(code.minDays), max: n(code.maxDays) })
        : code.kind === 'management'
          ? code.maxMinutes === null
            ? t('monitoringReport.rules.minutesFrom', { min: n(code.minMinutes) })
            : t('monitoringReport.rules.minutes', { min: n(code.minMinutes), max: n(code.maxMinutes) })
          : t('monitoringReport.rules.addOn', { step: n(code.stepMinutes), min: n(code.minMinutes) });
  return (
    <Text size="sm">
      <bdi>{rule}</bdi>
      {code.interactiveRequired && (
        <Text span size="xs" c="dimmed" display="block">
          {t('monitoringReport.rules.interactive')}
        </Text>
      )}
    </Text>
  );
}

function InForce({ code }: { code: BillingCode }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const { effectiveFrom: from, effectiveTo: to } = code;
  const text =
    from && to
      ? t('monitoringReport.inForceBetween', { from: format.day(from), to: format.day(to) })
      : from
        ? t('monitoringReport.inForceFrom', { date: format.day(from) })
        : to
          ? t('monitoringReport.inForceUntil', { date: format.day(to) })
          : t('monitoringReport.always');
  return (
    <Text size="sm">
      <bdi>{text}</bdi>
    </Text>
  );
}

interface CodeValues {
  description: string;
  minDays: number | string;
  maxDays: number | string;
  minMinutes: number | string;
  maxMinutes: number | string;
  stepMinutes: number | string;
  interactiveRequired: boolean;
  effectiveFrom: string;
  effectiveTo: string;
}

const blankAsNull = (value: number | string) => (value === '' ? null : value);

/** The thresholds of BILLING_CODE_RULES in the reader's words. */
function useCodeMessages(): FeatureMessages {
  const { t } = useTranslation('patients');
  return useRuleMessages(BILLING_CODE_RULES, useCallback((key: keyof typeof BILLING_CODE_RULES) => t(`monitoringReport.errors.${key}`), [t]));
}

function EditCodeForm({ code, onClose }: { code: BillingCode; onClose: () => void }) {
  const { t } = useTranslation('patients');
  const { notify } = useNotifications();
  const update = useUpdateBillingCode();
  const uses = (field: Threshold) => (THRESHOLDS_OF_KIND[code.kind]).includes(field);
  const initialValues: CodeValues = {
    description: code.description,
    minDays: code.minDays ?? '',
    maxDays: code.maxDays ?? '',
    minMinutes: code.minMinutes ?? '',
    maxMinutes: code.maxMinutes ?? '',
    stepMinutes: code.stepMinutes ?? '',
    interactiveRequired: code.interactiveRequired,
    effectiveFrom: code.effectiveFrom ?? '',
    effectiveTo: code.effectiveTo ?? '',
  };
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: updateBillingCodeInputSchema,
    initialValues,
    toBody: (values) => ({
      ...values,
      minDays: blankAsNull(values.minDays),
      maxDays: blankAsNull(values.maxDays),
      minMinutes: blankAsNull(values.minMinutes),
      maxMinutes: blankAsNull(values.maxMinutes),
      stepMinutes: blankAsNull(values.stepMinutes),
      effectiveFrom: values.effectiveFrom || null,
      effectiveTo: values.effectiveTo || null,
    }),
    messages: useCodeMessages(),
    submit: (body) => update.mutateAsync({ id: code.id, ...body }),
    onSuccess: () => {
      notify({ id: 'billing-code-saved', message: t('monitoringReport.codeSaved', { code: code.code }), tone: 'success' });
      onClose();
    },
  });
  const number = (name: Threshold, label: string, max: number) =>
    uses(name) && <NumberInput {...field(name)} label={label} min={1} max={max} allowDecimal={false} dir="ltr" />;

  return (
    <Modal opened onClose={onClose} title={t('monitoringReport.editCode', { code: code.code })} closeButtonProps={{ 'aria-label': t('carePlan.close') }}>
      <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="billing-code-form">
        <Stack gap="sm">
          <FormFailure text={failureText} />
          <TextInput {...field('description')} label={t('monitoringReport.description')} maxLength={200} required />
          {number('minDays', t('monitoringReport.fields.minDays'), 30)}
          {number('maxDays', t('monitoringReport.fields.maxDays'), 30)}
          {number('minMinutes', t('monitoringReport.fields.minMinutes'), 600)}
          {number('maxMinutes', t('monitoringReport.fields.maxMinutes'), 600)}
          {number('stepMinutes', t('monitoringReport.fields.stepMinutes'), 600)}
          <Checkbox {...field('interactiveRequired', { type: 'checkbox' })} label={t('monitoringReport.fields.interactiveRequired')} />
          <Group grow>
            <TextInput {...field('effectiveFrom')} type="date" label={t('monitoringReport.fields.effectiveFrom')} dir="ltr" />
            <TextInput {...field('effectiveTo')} type="date" label={t('monitoringReport.fields.effectiveTo')} dir="ltr" />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('carePlan.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('careTime.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

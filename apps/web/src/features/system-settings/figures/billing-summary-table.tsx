import { Badge, Stack, Table, Text, TextInput } from '@mantine/core';
import type { BillingSummary } from '@opencare/schemas/entities/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../settings/settings-section';
import { ClipboardIcon } from '../../../components/icons/icons';
import { EmptyState } from '../../../components/page/empty-state';
import { currentMonth, formatNumber } from '../format';
import { trpc } from '../../../api/trpc';
import { QueryView } from '../../../components/data/load-state';
import { settled } from '../settings-queries';

const isMonth = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

/**
 * Remote-monitoring billing of a chosen month: per patient, the days with readings (the basis of
 * RPM billing) and whether that reaches the days code 99454 asks for in the codes table.
 */
export function BillingSummaryTable() {
  const { t } = useTranslation('system');
  const [month, setMonth] = useState(currentMonth);
  const summary = trpc.reports.rpmBilling.useQuery({ month }, { enabled: isMonth(month) });
  return (
    <SettingsSection
      title={t('billingAndPayments.summary.title')}
      description={t('billingAndPayments.summary.description')}
    >
      <Stack gap="md">
        <TextInput
          type="month"
          label={t('billingAndPayments.month')}
          value={month}
          onChange={(event) => setMonth(event.currentTarget.value)}
          maw={240}
          dir="ltr"
          data-testid="billing-month"
        />
        <QueryView query={isMonth(month) ? summary : settled(null)}>
          {(summary) => (summary ? <BillingTable summary={summary} /> : null)}
        </QueryView>
      </Stack>
    </SettingsSection>
  );
}

function BillingTable({ summary }: { summary: BillingSummary }) {
  const { t, i18n } = useTranslation('system');
  const number = (n: number) => formatNumber(n, i18n.language);
  if (summary.patients.length === 0) {
    return (
      <EmptyState
        order={3}
        icon={<ClipboardIcon size={28} />}
        title={t('billingAndPayments.empty')}
        hint={t('billingAndPayments.emptyHint')}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Text fw={600} data-testid="billing-count" data-billable={summary.billablePatients}>
        {t('billingAndPayments.billableCount', {
          billable: number(summary.billablePatients),
          total: number(summary.patients.length),
          days: number(summary.rpmMinimumDays),
        })}
      </Text>
      {/* The record number sits under the name and the reading count leaves on a phone, so the
          days and the verdict fit; a narrower screen still scrolls the table, never the page. */}
      <Table.ScrollContainer minWidth={300}>
        <Table striped withTableBorder verticalSpacing="sm" data-testid="billing-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billingAndPayments.patient')}</Table.Th>
              <Table.Th ta="end">{t('billingAndPayments.daysWithReadings')}</Table.Th>
              <Table.Th ta="end" visibleFrom="sm">
                {t('billingAndPayments.readings')}
              </Table.Th>
              <Table.Th>{t('billingAndPayments.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.patients.map((patient) => (
              <Table.Tr
                key={patient.patientAccountId}
                data-testid="billing-row"
                data-billable={patient.billable}
              >
                <Table.Td>
                  <Text size="sm">{patient.fullName}</Text>
                  <Text size="xs" c="dimmed">
                    <bdi>{patient.mrn}</bdi>
                  </Text>
                </Table.Td>
                <Table.Td ta="end">{number(patient.daysWithReadings)}</Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {number(patient.readings)}
                </Table.Td>
                <Table.Td>
                  <Badge color={patient.billable ? 'teal' : 'gray'} variant="light" tt="none">
                    {patient.billable
                      ? t('billingAndPayments.billable')
                      : t('billingAndPayments.notBillable')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

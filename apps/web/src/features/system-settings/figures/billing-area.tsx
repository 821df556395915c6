import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../../route-paths';
import { BillingCodesSection } from '../../monitoring-report/billing-codes-section';
import { BillingSummaryTable } from './billing-summary-table';

/**
 * The billing area (issue 19): the organisation's codes and thresholds, the one table the monthly
 * report, the chart and the month's summary read; the way to the monthly report; the summary.
 */
export function BillingArea() {
  const { t } = useTranslation('system');
  return (
    <Stack gap="lg">
      <Text>
        {t('billingAndPayments.codesHint')}{' '}
        <Anchor component={Link} to={ROUTES.monitoringReport}>
          {t('billingAndPayments.openReport')}
        </Anchor>
      </Text>
      <BillingCodesSection />
      <BillingSummaryTable />
    </Stack>
  );
}

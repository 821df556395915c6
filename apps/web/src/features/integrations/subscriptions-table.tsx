import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { FhirSubscriptionSummary } from '@opencare/schemas/entities/fhir-subscriptions';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../user-management/labels';

const STATUS_COLOR = { active: 'teal', error: 'red', off: 'gray' } as const;

/** What a subscription sends, in the admin's words: readings or alerts, of everyone or one patient. */
const whatOf = (criteria: string) => {
  const onePatient = criteria.includes('patient=');
  if (criteria.startsWith('Flag')) return onePatient ? 'onePatientAlerts' : 'allAlerts';
  return onePatient ? 'onePatient' : 'allReadings';
};

/** The server's reasons (fhir/subscriptions.service.ts) in the reader's language; another as sent. */
function useDeliveryProblem(): (error: string) => string {
  const { t } = useTranslation('integrations');
  return (error: string) => {
    const answered = /^The endpoint answered (\d+)\.$/.exec(error);
    if (answered) return t('subscriptions.problems.answered', { status: answered[1] });
    if (error === 'The endpoint could not be reached.') return t('subscriptions.problems.unreachable');
    if (error === 'The endpoint did not answer in time.') return t('subscriptions.problems.timeout');
    if (error === 'The endpoint’s address is inside a private network.') return t('subscriptions.problems.privateNetwork');
    return error;
  };
}

interface SubscriptionsTableProps {
  subscriptions: FhirSubscriptionSummary[];
  onSwitchOff: (subscription: FhirSubscriptionSummary) => void;
}

/** The organisation's subscriptions: who made each, where it sends, whether it works, and why not. */
export function SubscriptionsTable({ subscriptions, onSwitchOff }: SubscriptionsTableProps) {
  const { t } = useTranslation('integrations');
  const dateTime = useDateTime();
  const problem = useDeliveryProblem();
  const switchOff = (subscription: FhirSubscriptionSummary) =>
    subscription.status !== 'off' && (
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        onClick={() => onSwitchOff(subscription)}
        aria-label={t('subscriptions.switchOffFor', { endpoint: subscription.endpoint })}
      >
        {t('subscriptions.switchOff')}
      </Button>
    );
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing="sm" data-testid="subscriptions-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('subscriptions.columns.integration')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('subscriptions.columns.endpoint')}</Table.Th>
              <Table.Th>{t('subscriptions.columns.status')}</Table.Th>
              <Table.Th visibleFrom="md">{t('subscriptions.columns.lastDelivered')}</Table.Th>
              <Table.Th visibleFrom="sm">
                <VisuallyHidden>{t('subscriptions.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {subscriptions.map((subscription) => (
              <Table.Tr key={subscription.id} data-testid="subscription-row" data-status={subscription.status}>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {subscription.ownerName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`subscriptions.${whatOf(subscription.criteria)}`)}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
                      {subscription.endpoint}
                    </Text>
                    <Group hiddenFrom="sm" mt={4}>
                      {switchOff(subscription)}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                    {subscription.endpoint}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Badge variant="light" color={STATUS_COLOR[subscription.status]} tt="none" miw="max-content" data-testid="subscription-status">
                      {t(`subscriptions.status.${subscription.status}`)}
                    </Badge>
                    {subscription.status === 'error' && subscription.error && (
                      <Text size="xs" c="red.8">
                        {t('subscriptions.failed', { count: subscription.failedAttempts, error: problem(subscription.error) })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td visibleFrom="md">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {subscription.lastDeliveredAt ? dateTime(subscription.lastDeliveredAt) : t('never')}
                  </Text>
                </Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {switchOff(subscription)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

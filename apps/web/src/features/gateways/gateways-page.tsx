import { Anchor, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import type { Gateway } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { ItemList, ListView } from '../../components/data/list-view';
import { GatewayIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { gatewayPath } from './gateway-links';
import { GatewayStatusBadge } from './gateway-status-badge';
import { useLiveGatewayStatus } from './gateway-queries';
import { useGatewayFormat } from './use-gateway-format';

/** /gateways: the patient's home gateways, their status live (spec §2). */
export function GatewaysPage() {
  const { t } = useTranslation('gateways');
  const mine = trpc.gateways.mine.useQuery();
  useLiveGatewayStatus();

  return (
    <PageFrame
      title={t('title')}
      intro={t('intro')}
      actions={
        <Button component={Link} to={ROUTES.gatewaySetup}>
          {t('setUp')}
        </Button>
      }
    >
      <ListView
        query={mine}
        loading={t('loading')}
        empty={
          <EmptyState
            icon={<GatewayIcon size={28} />}
            title={t('empty.title')}
            action={
              <Stack gap="xs" maw={460} ta="start">
                <Text c="dimmed">{t('empty.hint')}</Text>
                <List type="ordered" spacing="xs">
                  <List.Item>{t('empty.step1')}</List.Item>
                  <List.Item>{t('empty.step2')}</List.Item>
                </List>
              </Stack>
            }
          />
        }
      >
        {(gateways) => (
          <ItemList label={t('listLabel')}>
            {gateways.map((gateway) => (
              <GatewayRow key={gateway.id} gateway={gateway} all={gateways} />
            ))}
          </ItemList>
        )}
      </ListView>
    </PageFrame>
  );
}

function GatewayRow({ gateway, all }: { gateway: Gateway; all: readonly Gateway[] }) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  const facts = [
    gateway.lastSeenAt ? t('lastSeen', { when: format.dateTime(gateway.lastSeenAt) }) : t('notSeen'),
    gateway.model,
    gateway.version ? `${t('fields.version')} ${gateway.version}` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="gateway-row" data-gateway={gateway.id}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
          <GatewayIcon size={24} style={{ flexShrink: 0 }} />
          <Stack gap={2} miw={0}>
            <Anchor
              component={Link}
              to={gatewayPath(gateway, all)}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {gateway.displayName}
            </Anchor>
            {facts.map((fact) => (
              <Text key={fact} size="sm" c="dimmed" data-testid="gateway-fact">
                <bdi>{fact}</bdi>
              </Text>
            ))}
          </Stack>
        </Group>
        <GatewayStatusBadge status={gateway.status} />
      </Group>
    </Paper>
  );
}

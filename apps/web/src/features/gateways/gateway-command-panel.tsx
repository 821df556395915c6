import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Gateway } from '@opencare/schemas/entities/gateways';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '../../api/error-message';
import { QueryView } from '../../components/data/load-state';
import { GatewayIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { ROUTES } from '../../route-paths';
import { GatewayPicker } from './gateway-picker';
import { GatewayStatusBadge } from './gateway-status-badge';
import type { useChosenGateway } from './use-chosen-gateway';

/** A command sent through a gateway (look for devices, look for networks) and what it answered. */
export type GatewayCommand<T> =
  | { status: 'idle' }
  | { status: 'running'; startedAt: number }
  | { status: 'done'; result: T }
  | { status: 'failed'; error: unknown };

export function useGatewayCommand<T>() {
  const [command, setCommand] = useState<GatewayCommand<T>>({ status: 'idle' });
  async function run(work: () => Promise<T>) {
    setCommand({ status: 'running', startedAt: Date.now() });
    try {
      setCommand({ status: 'done', result: await work() });
    } catch (error) {
      setCommand({ status: 'failed', error });
    }
  }
  return { command, run, reset: () => setCommand({ status: 'idle' }) };
}

interface Props {
  gateways: ReturnType<typeof useChosenGateway>;
  command: GatewayCommand<unknown>;
  label: string;
  noGateway: { title: string; hint: string };
  /** Another gateway was chosen: the page forgets what the last one answered. */
  onChoose: () => void;
  /** The page's button for the command, and its progress. */
  children: (gateway: Gateway) => ReactNode;
  errorTestId: string;
}

/**
 * The top of the pages that ask a gateway to do something: loading, no gateway yet, or the
 * gateway chosen with its live status, the page's own button, and the command's error.
 */
export function GatewayCommandPanel({
  gateways: { query, gateways, chosen, choose },
  command,
  label,
  noGateway,
  onChoose,
  children,
  errorTestId,
}: Props) {
  const { t } = useTranslation('gateways');
  const { t: tc } = useTranslation();
  return (
    <QueryView query={query} loading={t('loading')}>
      {() =>
        !chosen ? (
          <EmptyState
            icon={<GatewayIcon size={28} />}
            title={noGateway.title}
            hint={noGateway.hint}
            action={
              <Button component={Link} to={ROUTES.gatewaySetup}>
                {t('setUp')}
              </Button>
            }
          />
        ) : (
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <GatewayPicker
                gateways={gateways}
                value={chosen.id}
                onChange={(id) => {
                  choose(id);
                  onChoose();
                }}
                label={label}
                disabled={command.status === 'running'}
              />
              <Group gap="sm">
                {gateways.length < 2 && <Text fw={600}>{chosen.displayName}</Text>}
                <GatewayStatusBadge status={chosen.status} />
              </Group>
              {children(chosen)}
              {command.status === 'failed' && (
                <Alert color="red" variant="light" role="alert" data-testid={errorTestId}>
                  {errorMessageOf(tc, command.error)}
                </Alert>
              )}
            </Stack>
          </Paper>
        )
      }
    </QueryView>
  );
}

import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { wifiConnectInputSchema, type WifiNetwork } from '@opencare/schemas/entities/gateways';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useGatewayMessages } from './use-gateway-messages';
import { GatewayCommandPanel, useGatewayCommand } from './gateway-command-panel';
import { useChosenGateway } from './use-chosen-gateway';
import { useGatewayFormat } from './use-gateway-format';

/** /gateways/connect-to-wifi: the gateway looks for networks (nmcli) and joins the one chosen. */
export function GatewayWifiPage() {
  const { t } = useTranslation('gateways');
  const gateways = useChosenGateway();
  const utils = trpc.useUtils();
  const scan = useGatewayCommand<WifiNetwork[]>();
  const [ssid, setSsid] = useState<string | null>(null);
  const { chosen } = gateways;
  const networks = scan.command.status === 'done' ? scan.command.result : null;

  return (
    <PageFrame
      title={t('wifi.title')}
      intro={t('wifi.intro')}
      back={<BackLink to={ROUTES.gateways} label={t('title')} />}
    >
      <GatewayCommandPanel
        gateways={gateways}
        command={scan.command}
        label={t('wifi.gateway')}
        noGateway={{ title: t('wifi.noGateway'), hint: t('wifi.noGatewayHint') }}
        onChoose={() => {
          scan.reset();
          setSsid(null);
        }}
        errorTestId="wifi-error"
      >
        {(gateway) => (
          <>
            <Button
              w="fit-content"
              onClick={() => {
                setSsid(null);
                // Each scan asks the gateway again: what it heard before is not an answer.
                void scan.run(() => utils.gateways.wifiNetworks.fetch({ id: gateway.id }, { staleTime: 0 }));
              }}
              loading={scan.command.status === 'running'}
            >
              {networks ? t('wifi.scanAgain') : t('wifi.scan')}
            </Button>
            {scan.command.status === 'running' && (
              <Text size="sm" c="dimmed" role="status">
                {t('wifi.scanning')}
              </Text>
            )}
          </>
        )}
      </GatewayCommandPanel>
      {chosen && networks && <NetworkList networks={networks} chosen={ssid} onChoose={setSsid} />}
      {chosen && networks && ssid !== null && (
        <ConnectForm
          key={ssid}
          gatewayId={chosen.id}
          ssid={ssid}
          open={networks.find((n) => n.ssid === ssid)?.security === ''}
        />
      )}
    </PageFrame>
  );
}

function NetworkList({
  networks,
  chosen,
  onChoose,
}: {
  networks: WifiNetwork[];
  chosen: string | null;
  onChoose: (ssid: string) => void;
}) {
  const { t } = useTranslation('gateways');
  const format = useGatewayFormat();
  if (networks.length === 0) return <EmptyState title={t('wifi.none')} />;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="wifi-networks-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="wifi-networks-title">
          {t('wifi.networks')}
        </Title>
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {networks.map((network) => (
            <li key={network.ssid}>
              <UnstyledButton
                onClick={() => onChoose(network.ssid)}
                aria-pressed={chosen === network.ssid}
                aria-label={t('wifi.choose', { ssid: network.ssid })}
                w="100%"
                p="xs"
                data-testid="wifi-network"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  outlineOffset: 2,
                  background: chosen === network.ssid ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group justify="space-between" gap="sm" wrap="nowrap">
                  <Stack gap={0} miw={0}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      <bdi>{network.ssid}</bdi>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('wifi.signal', { value: format.whole(network.signal) })} ·{' '}
                      {network.security === '' ? t('wifi.open') : network.security}
                    </Text>
                  </Stack>
                  {network.inUse && <Badge color="green">{t('wifi.inUse')}</Badge>}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function ConnectForm({ gatewayId, ssid, open }: { gatewayId: string; ssid: string; open: boolean }) {
  const { t } = useTranslation('gateways');
  const { notify } = useNotifications();
  const connect = trpc.gateways.connectWifi.useMutation();
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: wifiConnectInputSchema,
    initialValues: { password: '' },
    toBody: ({ password }) => ({ ssid, password }),
    messages: useGatewayMessages(),
    submit: (body) => connect.mutateAsync({ id: gatewayId, ...body }),
    onSuccess: (result) =>
      notify({ id: 'wifi-connected', message: t('wifi.connected', { ssid: result.ssid }), tone: 'success' }),
  });

  return (
    <Paper withBorder radius="md" p="md" component="form" ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          <bdi>{ssid}</bdi>
        </Title>
        {!open && (
          <PasswordInput
            {...field('password')}
            label={t('wifi.password')}
            description={t('wifi.passwordHint')}
            autoComplete="off"
            maw={360}
            data-autofocus
          />
        )}
        <FormFailure text={failureText} testId="wifi-error" />
        <Button type="submit" loading={submitting} w="fit-content">
          {t('wifi.connect')}
        </Button>
      </Stack>
    </Paper>
  );
}

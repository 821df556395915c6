import {
  Alert,
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
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '../../api/error-message';
import { GatewayIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { LoadFailed, Loading } from '../patients/shared/load-state';
import { useFieldMessage } from './field-message';
import { GatewayPicker } from './gateway-picker';
import { GatewayStatusBadge } from './gateway-status-badge';
import { connectWifi, scanWifi } from './gateways-api';
import { useChosenGateway } from './use-chosen-gateway';
import { useGatewayFormat } from './use-gateway-format';

type Scan =
  | { status: 'idle' }
  | { status: 'scanning' }
  | { status: 'done'; networks: WifiNetwork[] }
  | { status: 'failed'; error: unknown };

/** /gateways/connect-to-wifi: the gateway looks for networks (nmcli) and joins the one chosen. */
export function GatewayWifiPage() {
  const { t } = useTranslation('gateways');
  const { t: tc } = useTranslation();
  const { state, reload, gateways, chosen, choose } = useChosenGateway();
  const [scan, setScan] = useState<Scan>({ status: 'idle' });
  const [ssid, setSsid] = useState<string | null>(null);
  const back = <BackLink to={ROUTES.gateways} label={t('title')} />;

  async function lookForNetworks(gatewayId: string) {
    setScan({ status: 'scanning' });
    setSsid(null);
    try {
      setScan({ status: 'done', networks: await scanWifi(gatewayId) });
    } catch (error) {
      setScan({ status: 'failed', error });
    }
  }

  return (
    <PageFrame title={t('wifi.title')} intro={t('wifi.intro')} back={back}>
      {state.status === 'loading' && <Loading label={t('loading')} />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && !chosen && (
        <EmptyState
          icon={<GatewayIcon size={28} />}
          title={t('wifi.noGateway')}
          hint={t('wifi.noGatewayHint')}
          action={
            <Button component={Link} to={ROUTES.gatewaySetup}>
              {t('setUp')}
            </Button>
          }
        />
      )}
      {chosen && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <GatewayPicker
              gateways={gateways}
              value={chosen.id}
              onChange={(id) => {
                choose(id);
                setScan({ status: 'idle' });
                setSsid(null);
              }}
              label={t('wifi.gateway')}
              disabled={scan.status === 'scanning'}
            />
            <Group gap="sm">
              {gateways.length < 2 && <Text fw={600}>{chosen.displayName}</Text>}
              <GatewayStatusBadge status={chosen.status} />
            </Group>
            <Button
              w="fit-content"
              onClick={() => void lookForNetworks(chosen.id)}
              loading={scan.status === 'scanning'}
            >
              {scan.status === 'done' ? t('wifi.scanAgain') : t('wifi.scan')}
            </Button>
            {scan.status === 'scanning' && (
              <Text size="sm" c="dimmed" role="status">
                {t('wifi.scanning')}
              </Text>
            )}
            {scan.status === 'failed' && (
              <Alert color="red" variant="light" role="alert" data-testid="wifi-error">
                {errorMessageOf(tc, scan.error)}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
      {chosen && scan.status === 'done' && (
        <NetworkList networks={scan.networks} chosen={ssid} onChoose={setSsid} />
      )}
      {chosen && scan.status === 'done' && ssid !== null && (
        <ConnectForm
          key={ssid}
          gatewayId={chosen.id}
          ssid={ssid}
          open={scan.networks.find((n) => n.ssid === ssid)?.security === ''}
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
  const { t: tc } = useTranslation();
  const message = useFieldMessage();
  const { notify } = useNotifications();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input = wifiConnectInputSchema.safeParse({ ssid, password });
    if (!input.success) return setFieldError(input.error.issues[0]?.message);
    setFieldError(undefined);
    setBusy(true);
    try {
      const result = await connectWifi(gatewayId, input.data);
      notify({ id: 'wifi-connected', message: t('wifi.connected', { ssid: result.ssid }), tone: 'success' });
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          <bdi>{ssid}</bdi>
        </Title>
        {!open && (
          <PasswordInput
            label={t('wifi.password')}
            description={t('wifi.passwordHint')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={message(fieldError)}
            autoComplete="off"
            maw={360}
            data-autofocus
          />
        )}
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="wifi-error">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <Button type="submit" loading={busy} w="fit-content">
          {t('wifi.connect')}
        </Button>
      </Stack>
    </Paper>
  );
}

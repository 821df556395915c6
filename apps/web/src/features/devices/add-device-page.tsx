import { Alert, Button, Paper, Progress, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import { addDeviceInputSchema, type NearbyDevice } from '@opencare/schemas/entities/gateways';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { errorMessageOf } from '../../api/error-message';
import { BluetoothIcon } from '../../components/icons/icons';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { useFieldMessage } from '../../components/form/use-field-message';
import { useGatewayMessages } from '../gateways/use-gateway-messages';
import { GatewayCommandPanel, useGatewayCommand } from '../gateways/gateway-command-panel';
import { useChosenGateway } from '../gateways/use-chosen-gateway';
import { useAddDeviceMutation } from './device-queries';
import { NearbyDevices } from './nearby-devices';

/** How long the gateway listens: long enough for slow advertisers, well inside the command timeout. */
export const SCAN_SECONDS = 8;

/** /devices/add: scan through a gateway, choose a device, name it, choose its profile, pair it. */
export function AddDevicePage() {
  const { t } = useTranslation('gateways');
  const gateways = useChosenGateway();
  const scan = useGatewayCommand<NearbyDevice[]>();
  const scanNearby = trpc.gateways.scan.useMutation();
  const [picked, setPicked] = useState<NearbyDevice | null>(null);
  const { chosen } = gateways;
  const found = scan.command.status === 'done' ? scan.command.result : null;

  return (
    <PageFrame
      title={t('devices.addTitle')}
      intro={t('devices.addIntro')}
      back={<BackLink to={ROUTES.devices} label={t('devices.title')} />}
    >
      <GatewayCommandPanel
        gateways={gateways}
        command={scan.command}
        label={t('devices.gateway')}
        noGateway={{ title: t('devices.needGateway'), hint: t('devices.needGatewayHint') }}
        onChoose={() => {
          scan.reset();
          setPicked(null);
        }}
        errorTestId="scan-error"
      >
        {(gateway) => (
          <>
            <Button
              w="fit-content"
              leftSection={<BluetoothIcon size={18} />}
              onClick={() => {
                setPicked(null);
                void scan.run(() => scanNearby.mutateAsync({ id: gateway.id, seconds: SCAN_SECONDS }));
              }}
              loading={scan.command.status === 'running'}
            >
              {found ? t('devices.scanAgain') : t('devices.scan')}
            </Button>
            {scan.command.status === 'running' && <ScanProgress startedAt={scan.command.startedAt} />}
          </>
        )}
      </GatewayCommandPanel>
      {chosen &&
        found &&
        (found.length === 0 ? (
          <EmptyState
            icon={<BluetoothIcon size={28} />}
            title={t('devices.noneNearby')}
            hint={t('devices.noneNearbyHint')}
          />
        ) : (
          <NearbyDevices devices={found} chosen={picked?.address ?? null} onChoose={setPicked} />
        ))}
      {chosen && found && picked && <PairForm key={picked.address} gatewayId={chosen.id} device={picked} />}
    </PageFrame>
  );
}

/** The scan lasts SCAN_SECONDS: a bar that fills over that time, so waiting does not look like a hang. */
function ScanProgress({ startedAt }: { startedAt: number }) {
  const { t } = useTranslation('gateways');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const percent = Math.min(100, ((now - startedAt) / (SCAN_SECONDS * 1000)) * 100);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed" role="status">
        {t('devices.scanning', { seconds: SCAN_SECONDS })}
      </Text>
      <Progress value={percent} animated aria-label={t('devices.scanning', { seconds: SCAN_SECONDS })} />
    </Stack>
  );
}

function PairForm({ gatewayId, device }: { gatewayId: string; device: NearbyDevice }) {
  const { t } = useTranslation('gateways');
  const { t: tc } = useTranslation();
  const message = useFieldMessage(useGatewayMessages());
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const profiles = trpc.devices.profiles.useQuery();
  const add = useAddDeviceMutation();
  const [name, setName] = useState(
    device.name ?? (device.measurement ? t(`measurement.${device.measurement}`) : ''),
  );
  const [profileId, setProfileId] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ name?: string; profileId?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);

  const list: DeviceProfileVersion[] = profiles.data ?? [];
  // The profile for the measurement the device advertises is the likely one: chosen until the patient picks.
  const suggested = list.find((p) => p.measurement === device.measurement) ?? null;
  const selected = profileId ?? suggested?.profileId ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const input = addDeviceInputSchema.safeParse({
      gatewayId,
      address: device.address,
      name,
      profileId: selected ?? '',
    });
    if (!input.success) {
      const found: { name?: string; profileId?: string } = {};
      for (const issue of input.error.issues) {
        if (issue.path[0] === 'name') found.name ??= issue.message;
        else if (issue.path[0] === 'profileId') found.profileId ??= t('validation.required');
      }
      setErrors(found);
      if (!found.name && !found.profileId) setFailure(ApiError.of('validationFailed', 400));
      return;
    }
    setErrors({});
    add.mutate(input.data, {
      onSuccess: (added) => {
        notify({ id: 'device-added', message: t('devices.added', { name: added.name }), tone: 'success' });
        void navigate(pathTo('deviceInfo', { deviceId: added.id }));
      },
      onError: (caught) => {
        const error = asApiError(caught);
        const nameIssue =
          error instanceof ApiError ? error.errors.find((i) => i.field === 'name') : undefined;
        if (nameIssue) setErrors({ name: nameIssue.message });
        else setFailure(error);
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('devices.pairTitle', { name: device.name ?? t('devices.unnamed') })}
        </Title>
        <TextInput
          label={t('devices.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={message(errors.name)}
          maxLength={60}
          required
          maw={360}
        />
        {profiles.status === 'pending' && <Loading />}
        {profiles.status === 'error' && (
          <LoadFailed error={profiles.error} onRetry={() => void profiles.refetch()} />
        )}
        {profiles.status === 'success' &&
          (list.length === 0 ? (
            <Alert color="yellow" variant="light">
              {t('devices.noProfiles')}
            </Alert>
          ) : (
            <Select
              label={t('devices.profile')}
              description={t('devices.profileHint')}
              data={list.map((p) => ({
                value: p.profileId,
                label: `${p.profileName} · ${t(`measurement.${p.measurement}`)}`,
              }))}
              value={selected}
              onChange={setProfileId}
              error={errors.profileId}
              allowDeselect={false}
              required
              maw={420}
              data-testid="profile-select"
            />
          ))}
        {failure !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="pair-error">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <Button type="submit" loading={add.isPending} w="fit-content" disabled={list.length === 0}>
          {t('devices.pair')}
        </Button>
      </Stack>
    </Paper>
  );
}

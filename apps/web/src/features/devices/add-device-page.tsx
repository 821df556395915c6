import { Alert, Button, Paper, Progress, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { DeviceProfileVersion } from '@opencare/schemas/entities/devices';
import { addDeviceInputSchema, type NearbyDevice } from '@opencare/schemas/entities/gateways';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../api/trpc';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { BluetoothIcon } from '../../components/icons/icons';
import { LoadFailed, Loading } from '../../components/data/load-state';
import { useNotifications } from '../../components/notifications/use-notify';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { useGatewayMessages } from '../gateways/use-gateway-messages';
import { GatewayCommandPanel, useGatewayCommand } from '../gateways/gateway-command-panel';
import { useChosenGateway } from '../gateways/use-chosen-gateway';
import { useAddDeviceMutation } from './device-queries';
import { NearbyDevices } from './nearby-devices';
import { UserSlotInput, userSlotOf } from './user-slot-input';

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
  const gatewayMessages = useGatewayMessages();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const profiles = trpc.devices.profiles.useQuery();
  const add = useAddDeviceMutation();

  const list: DeviceProfileVersion[] = profiles.data ?? [];
  // The profile for the measurement the device advertises is the likely one: chosen until the patient picks.
  const suggested = list.find((p) => p.measurement === device.measurement) ?? null;
  // A profile not chosen is "required", whatever the identifier rule says.
  const messages = useCallback(
    (message: string, path?: string) =>
      path === 'profileId' ? t('validation.required') : gatewayMessages(message, path),
    [t, gatewayMessages],
  );
  const { form, field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: addDeviceInputSchema,
    initialValues: {
      name: device.name ?? (device.measurement ? t(`measurement.${device.measurement}`) : ''),
      profileId: null as string | null,
      userSlot: '',
    },
    toBody: ({ name, profileId, userSlot }) => ({
      gatewayId,
      address: device.address,
      name,
      profileId: profileId ?? suggested?.profileId,
      // Empty: one person uses the meter (left out, as before user numbers).
      ...(userSlotOf(userSlot) === null ? {} : { userSlot: userSlotOf(userSlot) }),
    }),
    messages,
    submit: (body) => add.mutateAsync(body),
    onSuccess: (added) => {
      notify({ id: 'device-added', message: t('devices.added', { name: added.name }), tone: 'success' });
      void navigate(pathTo('deviceInfo', { deviceId: added.id }));
    },
  });
  const selected = form.values.profileId ?? suggested?.profileId ?? null;

  return (
    <Paper ref={formRef} withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('devices.pairTitle', { name: device.name ?? t('devices.unnamed') })}
        </Title>
        <TextInput {...field('name')} label={t('devices.name')} maxLength={60} required maw={360} />
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
              {...field('profileId')}
              label={t('devices.profile')}
              description={t('devices.profileHint')}
              data={list.map((p) => ({
                value: p.profileId,
                label: `${p.profileName} · ${t(`measurement.${p.measurement}`)}`,
              }))}
              value={selected}
              allowDeselect={false}
              required
              maw={420}
              data-testid="profile-select"
            />
          ))}
        <UserSlotInput {...field('userSlot')} />
        <FormFailure text={failureText} testId="pair-error" />
        <Button type="submit" loading={submitting} w="fit-content" disabled={list.length === 0}>
          {t('devices.pair')}
        </Button>
      </Stack>
    </Paper>
  );
}

import { Alert, Button, DataList, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { DeviceProfile, DeviceProfileVersion, Vendor } from '@opencare/schemas/entities/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { pathTo, ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { useDeleteProfileMutation } from './device-profile-queries';
import { DuplicateButton } from './duplicate-button';
import { LiveVersionNotice } from './live-version-notice';
import { ProfileBadges } from './profile-badges';
import { ConfirmDialog } from './shared/confirm-dialog';
import { allQueries } from './shared/all-queries';
import { TaskTable } from './task-table';

interface Viewed {
  profile: DeviceProfile;
  vendor: Vendor | null;
  versions: DeviceProfileVersion[];
}

/** /dashboard/device-management/:deviceProfileId — a profile as it stands, and the versions gateways have had. */
export function DeviceProfileViewPage() {
  const { t } = useTranslation('devices');
  const { deviceProfileId = '' } = useParams();
  const profile = trpc.deviceProfiles.get.useQuery({ id: deviceProfileId });
  const versions = trpc.deviceProfiles.versions.useQuery({ id: deviceProfileId });
  const vendorId = profile.data?.vendorId ?? null;
  const vendor = trpc.vendors.get.useQuery({ id: vendorId ?? '' }, { enabled: vendorId !== null });
  const both = allQueries({ profile, versions });
  // The page shows once the vendor is known too; a vendor deleted since is simply not named.
  const vendorKnown = vendorId === null || vendor.status !== 'pending';
  const query = vendorKnown ? both : { ...both, status: 'pending' as const, data: undefined };
  const viewed = query.data ?? null;

  return (
    <PageFrame
      title={viewed?.profile.profileName ?? t('profiles.title')}
      back={<BackLink to={ROUTES.deviceProfileList} label={t('profiles.title')} />}
      actions={viewed && <ProfileActions profile={viewed.profile} />}
      size="lg"
    >
      <QueryView query={query}>
        {(data) => <ProfileDetails {...data} vendor={vendor.data ?? null} />}
      </QueryView>
    </PageFrame>
  );
}

function ProfileDetails({ profile, vendor, versions }: Viewed) {
  const { t, i18n } = useTranslation('devices');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="lg">
      <ProfileBadges profile={profile} />
      {profile.builtIn ? (
        <Alert variant="light" color="grape">
          {t('profiles.builtInReadOnly')}
        </Alert>
      ) : (
        <LiveVersionNotice profile={profile} />
      )}
      <Paper withBorder radius="md" p="lg">
        <DataList
          labelWidth="9rem"
          withDivider
          data-testid="profile-details"
          style={{ overflowWrap: 'anywhere' }}
        >
          <DataList.Item>
            <DataList.ItemLabel>{t('profiles.fields.vendor')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {vendor?.vendorName ?? (profile.builtIn ? t('profiles.anyVendor') : '—')}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('profiles.fields.measurement')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {profile.measurement ? t(`measurements.${profile.measurement}`) : '—'}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('profiles.fields.device')}</DataList.ItemLabel>
            <DataList.ItemValue>{profile.device ?? '—'}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('profiles.tasks')}
          </Title>
          <TaskTable tasks={profile.tasks} />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('profiles.versions')}
          </Title>
          {versions.length === 0 ? (
            <Text c="dimmed">{t('profiles.noVersions')}</Text>
          ) : (
            <List spacing={4} data-testid="versions">
              {versions.map((version) => (
                <List.Item key={version.version}>
                  {t('profiles.versionLine', {
                    version: version.version,
                    date: date.format(new Date(version.completedAt)),
                  })}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function ProfileActions({ profile }: { profile: DeviceProfile }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteProfileMutation();

  // Built-in profiles are read-only: copying is the only way to change one.
  if (profile.builtIn) return <DuplicateButton profile={profile} />;

  function remove() {
    deletion.mutate(
      { id: profile.id },
      {
        onSuccess() {
          notify({
            id: 'profile-deleted',
            message: t('profiles.deleted', { name: profile.profileName }),
            tone: 'success',
          });
          void navigate(ROUTES.deviceProfileList);
        },
        onError(error) {
          notifyError(error);
          setConfirming(false);
        },
      },
    );
  }

  return (
    <>
      <Button component={Link} to={pathTo('deviceProfileEdit', { deviceProfileId: profile.id })}>
        {t('common.edit')}
      </Button>
      <DuplicateButton profile={profile} variant="default" />
      <Button variant="light" color="red" onClick={() => setConfirming(true)}>
        {t('common.delete')}
      </Button>
      <ConfirmDialog
        opened={confirming}
        title={t('profiles.deleteTitle', { name: profile.profileName })}
        body={
          profile.version > 0
            ? t('profiles.deleteLiveBody', { version: profile.version })
            : t('profiles.deleteBody')
        }
        confirm={t('common.delete')}
        busy={deletion.isPending || deletion.isSuccess}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

import { Alert, Stack } from '@mantine/core';
import type { DeviceProfile, Vendor } from '@opencare/schemas/entities/devices';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { listVendors } from '../vendors/vendors-api';
import { getDeviceProfile, listDeviceProfiles } from './device-profiles-api';
import { DuplicateButton } from './duplicate-button';
import { ProfileBuilder } from './profile-builder';
import { LoadFailed, Loading } from './shared/loading';
import { useReloadable } from '../../components/data/use-reloadable';

/** What the builder offers to choose from: the organisation's vendors, and its profiles to switch to. */
async function loadChoices(): Promise<{ vendors: Vendor[]; profiles: DeviceProfile[] }> {
  const [vendors, profiles] = await Promise.all([
    listVendors({ pageSize: 100 }),
    listDeviceProfiles({ pageSize: 100 }),
  ]);
  return { vendors: vendors.items, profiles: profiles.items };
}

/**
 * /create-profile (spec §2). The first save creates the draft; the builder then goes on editing it
 * here, so nothing typed meanwhile is lost to a page change, and the list holds the draft to return to.
 */
export function ProfileCreatePage() {
  const { t } = useTranslation('devices');
  const { state, reload } = useReloadable(loadChoices);
  const [created, setCreated] = useState<DeviceProfile | null>(null);
  return (
    <PageFrame
      title={created ? t('profiles.editTitle', { name: created.profileName }) : t('profiles.createTitle')}
      back={<BackLink to={ROUTES.deviceProfileList} label={t('profiles.title')} />}
      size="lg"
    >
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && <ProfileBuilder {...state.data} onCreated={setCreated} />}
    </PageFrame>
  );
}

/** /dashboard/device-management/:deviceProfileId/edit */
export function ProfileEditPage() {
  const { t } = useTranslation('devices');
  const { deviceProfileId = '' } = useParams();
  const load = useCallback(
    async () => ({ profile: await getDeviceProfile(deviceProfileId), ...(await loadChoices()) }),
    [deviceProfileId],
  );
  const { state, reload } = useReloadable(load);
  const profile = state.status === 'loaded' ? state.data.profile : null;
  return (
    <PageFrame
      title={profile ? t('profiles.editTitle', { name: profile.profileName }) : t('profiles.title')}
      back={
        <BackLink to={pathTo('deviceProfileView', { deviceProfileId })} label={t('profiles.backToProfile')} />
      }
      size="lg"
    >
      {state.status === 'loading' && <Loading />}
      {state.status === 'failed' && <LoadFailed error={state.error} onRetry={reload} />}
      {state.status === 'loaded' &&
        (state.data.profile.builtIn ? (
          <Stack align="flex-start">
            <Alert variant="light" color="grape" w="100%">
              {t('profiles.builtInReadOnly')}
            </Alert>
            <DuplicateButton profile={state.data.profile} />
          </Stack>
        ) : (
          // Keyed by profile: switching to another profile starts a fresh builder.
          <ProfileBuilder
            key={state.data.profile.id}
            initial={state.data.profile}
            vendors={state.data.vendors}
            profiles={state.data.profiles}
          />
        ))}
    </PageFrame>
  );
}

import { Alert, Stack } from '@mantine/core';
import type { DeviceProfile } from '@opencare/schemas/entities/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { CHOICES } from './device-profile-queries';
import { DuplicateButton } from './duplicate-button';
import { ProfileBuilder } from './profile-builder';
import { allQueries } from './shared/all-queries';

/** What the builder offers to choose from: the organisation's vendors, and its profiles to switch to. */
function useChoices() {
  return {
    vendors: trpc.vendors.list.useQuery(CHOICES),
    profiles: trpc.deviceProfiles.list.useQuery(CHOICES),
  };
}

/**
 * /create-profile (spec §2). The first save creates the draft; the builder then goes on editing it
 * here, so nothing typed meanwhile is lost to a page change, and the list holds the draft to return to.
 */
export function ProfileCreatePage() {
  const { t } = useTranslation('devices');
  const choices = allQueries(useChoices());
  const [created, setCreated] = useState<DeviceProfile | null>(null);
  return (
    <PageFrame
      title={created ? t('profiles.editTitle', { name: created.profileName }) : t('profiles.createTitle')}
      back={<BackLink to={ROUTES.deviceProfileList} label={t('profiles.title')} />}
      size="lg"
    >
      <QueryView query={choices}>
        {({ vendors, profiles }) => (
          <ProfileBuilder vendors={vendors.items} profiles={profiles.items} onCreated={setCreated} />
        )}
      </QueryView>
    </PageFrame>
  );
}

/** /dashboard/device-management/:deviceProfileId/edit */
export function ProfileEditPage() {
  const { t } = useTranslation('devices');
  const { deviceProfileId = '' } = useParams();
  const saved = trpc.deviceProfiles.get.useQuery({ id: deviceProfileId });
  const { vendors, profiles } = useChoices();
  const query = allQueries({ profile: saved, vendors, profiles });
  const profile = query.data?.profile ?? null;
  return (
    <PageFrame
      title={profile ? t('profiles.editTitle', { name: profile.profileName }) : t('profiles.title')}
      back={
        <BackLink to={pathTo('deviceProfileView', { deviceProfileId })} label={t('profiles.backToProfile')} />
      }
      size="lg"
    >
      <QueryView query={query}>
        {(data) =>
          data.profile.builtIn ? (
            <Stack align="flex-start">
              <Alert variant="light" color="grape" w="100%">
                {t('profiles.builtInReadOnly')}
              </Alert>
              <DuplicateButton profile={data.profile} />
            </Stack>
          ) : (
            // Keyed by profile: switching to another profile starts a fresh builder.
            <ProfileBuilder
              key={data.profile.id}
              initial={data.profile}
              vendors={data.vendors.items}
              profiles={data.profiles.items}
            />
          )
        }
      </QueryView>
    </PageFrame>
  );
}

import { Badge, DataList, Group, Stack } from '@mantine/core';
import type { UserProfileResponse } from '@opencare/schemas/entities/user';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { ProfileForm } from './profile-form';
import { SettingsSection } from './settings-section';

/** /settings/account/profile: who the account is, and the profile fields the person may change. */
export function ProfilePage() {
  const profile = trpc.profile.get.useQuery();
  return <QueryView query={profile}>{(loaded) => <ProfileView profile={loaded} />}</QueryView>;
}

function ProfileView({ profile }: { profile: UserProfileResponse }) {
  const { t } = useTranslation('settings');
  const { user } = profile;
  return (
    <Stack>
      <SettingsSection title={t('profile.accountTitle')}>
        <DataList labelWidth="9rem" withDivider>
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.username')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="profile-username">
              <bdi>{user.username}</bdi>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Group gap="xs">
                <bdi>{user.email}</bdi>
                <Badge variant="light" color={user.isVerified ? 'teal' : 'gray'} tt="none">
                  {user.isVerified ? t('profile.verified') : t('profile.notVerified')}
                </Badge>
              </Group>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </SettingsSection>
      <SettingsSection title={t('profile.title')} description={t('profile.description')}>
        <ProfileForm profile={profile} />
      </SettingsSection>
    </Stack>
  );
}

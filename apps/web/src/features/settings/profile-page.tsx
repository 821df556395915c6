import { Alert, Badge, DataList, Group, Stack } from '@mantine/core';
import type { UserProfileResponse } from '@opencare/schemas/entities/user';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../components/full-page-loader';
import { useApiErrorText } from '../signup/use-api-error-text';
import { fetchProfile } from './account-api';
import { ProfileForm } from './profile-form';
import { SettingsSection } from './settings-section';

type Loaded =
  | { status: 'loading' }
  | { status: 'loaded'; profile: UserProfileResponse }
  | { status: 'failed'; error: unknown };

/** /settings/account/profile: who the account is, and the profile fields the person may change. */
export function ProfilePage() {
  const { t } = useTranslation('settings');
  const errorText = useApiErrorText();
  const [state, setState] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    fetchProfile().then(
      (profile) => current && setState({ status: 'loaded', profile }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, []);

  if (state.status === 'loading') return <FullPageLoader />;
  if (state.status === 'failed') {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="profile-error">
        {errorText(state.error)}
      </Alert>
    );
  }

  const { user } = state.profile;
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
        <ProfileForm profile={state.profile} onSaved={(profile) => setState({ status: 'loaded', profile })} />
      </SettingsSection>
    </Stack>
  );
}

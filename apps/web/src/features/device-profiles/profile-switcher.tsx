import { NativeSelect } from '@mantine/core';
import type { DeviceProfile } from '@opencare/schemas/entities/devices';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { pathTo } from '../../route-paths';

/**
 * Open another profile without going back to the list. The builder saves the current draft on the
 * way (useSaveBeforeLeaving), so switching devices never loses work.
 */
export function ProfileSwitcher({ profiles, currentId }: { profiles: DeviceProfile[]; currentId?: string }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const others = profiles.filter((profile) => profile.id !== currentId);
  if (others.length === 0) return null;
  return (
    <NativeSelect
      name="switchProfile"
      label={t('profiles.switchTo')}
      value=""
      onChange={(event) => {
        const target = others.find((profile) => profile.id === event.currentTarget.value);
        if (!target) return;
        // Built-in profiles cannot be edited: they open on their page.
        void navigate(
          pathTo(target.builtIn ? 'deviceProfileView' : 'deviceProfileEdit', { deviceProfileId: target.id }),
        );
      }}
      data={[
        { value: '', label: t('profiles.choose') },
        ...others.map((profile) => ({ value: profile.id, label: profile.profileName })),
      ]}
      maw={360}
    />
  );
}

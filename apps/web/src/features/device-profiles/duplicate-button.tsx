import { Button } from '@mantine/core';
import type { DeviceProfile } from '@opencare/schemas/entities/devices';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { pathTo } from '../../route-paths';
import { useDuplicateProfileMutation } from './device-profile-queries';

/** Copy a profile (a built-in one, say) into an editable draft, and open the copy in the builder. */
export function DuplicateButton({
  profile,
  variant = 'filled',
}: {
  profile: DeviceProfile;
  variant?: 'filled' | 'default';
}) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const duplication = useDuplicateProfileMutation();

  function duplicate() {
    duplication.mutate(
      { id: profile.id },
      {
        onSuccess(copy) {
          notify({
            id: 'profile-duplicated',
            message: t('profiles.duplicated', { name: copy.profileName }),
            tone: 'success',
          });
          void navigate(pathTo('deviceProfileEdit', { deviceProfileId: copy.id }));
        },
        onError: notifyError,
      },
    );
  }

  return (
    <Button
      variant={variant}
      onClick={duplicate}
      loading={duplication.isPending || duplication.isSuccess}
      data-testid="duplicate-profile"
    >
      {t('profiles.duplicate')}
    </Button>
  );
}

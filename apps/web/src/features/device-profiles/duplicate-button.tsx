import { Button } from '@mantine/core';
import type { DeviceProfile } from '@opencare/schemas/entities/devices';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useNotifications, useNotifyError } from '../../components/notifications/use-notify';
import { pathTo } from '../../route-paths';
import { duplicateDeviceProfile } from './device-profiles-api';

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
  const [busy, setBusy] = useState(false);

  async function duplicate() {
    setBusy(true);
    try {
      const copy = await duplicateDeviceProfile(profile.id);
      notify({
        id: 'profile-duplicated',
        message: t('profiles.duplicated', { name: copy.profileName }),
        tone: 'success',
      });
      void navigate(pathTo('deviceProfileEdit', { deviceProfileId: copy.id }));
    } catch (error) {
      notifyError(error);
      setBusy(false);
    }
  }

  return (
    <Button variant={variant} onClick={() => void duplicate()} loading={busy} data-testid="duplicate-profile">
      {t('profiles.duplicate')}
    </Button>
  );
}

import { Alert } from '@mantine/core';
import type { DeviceProfile } from '@opencare/schemas/entities/devices';
import { useTranslation } from 'react-i18next';

/**
 * Which version gateways receive while this one is edited: a completed version stays live until
 * the next is completed, so the admin always knows whether an edit has reached anyone yet.
 */
export function LiveVersionNotice({ profile }: { profile?: DeviceProfile }) {
  const { t } = useTranslation('devices');
  const version = profile?.version ?? 0;
  const text =
    version === 0
      ? t('profiles.notice.neverComplete')
      : profile?.state === 'draft'
        ? t('profiles.notice.editingDraft', { version })
        : t('profiles.notice.complete', { version });
  return (
    <Alert variant="light" color={version > 0 ? 'blue' : 'gray'} data-testid="live-version">
      {text}
    </Alert>
  );
}

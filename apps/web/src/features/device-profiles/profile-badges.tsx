import { Badge, Group } from '@mantine/core';
import type { DeviceProfile } from '@opencare/schemas/entities/devices';
import { useTranslation } from 'react-i18next';

/** State of the working copy, the version gateways receive, and whether the profile is built in. */
export function ProfileBadges({
  profile,
}: {
  profile: Pick<DeviceProfile, 'state' | 'version' | 'builtIn'>;
}) {
  const { t } = useTranslation('devices');
  return (
    <Group gap={4} wrap="wrap">
      <Badge
        variant="light"
        color={profile.state === 'complete' ? 'teal' : 'yellow'}
        tt="none"
        data-testid="state-badge"
      >
        {t(`states.${profile.state}`)}
      </Badge>
      <Badge
        variant="outline"
        color={profile.version > 0 ? 'blue' : 'gray'}
        tt="none"
        data-testid="version-badge"
      >
        {profile.version > 0
          ? t('profiles.versionLive', { version: profile.version })
          : t('profiles.notLive')}
      </Badge>
      {profile.builtIn && (
        <Badge variant="light" color="grape" tt="none">
          {t('profiles.builtIn')}
        </Badge>
      )}
    </Group>
  );
}

import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBranding } from '../../features/system-settings/use-branding';
import { ROUTES } from '../../route-paths';

/** The organisation's logo and name (organization area), linking home; the app's own until they are known. */
export function Brand() {
  const { t } = useTranslation();
  const branding = useBranding();
  return (
    <Anchor component={Link} to={ROUTES.home} underline="never" miw={0} data-testid="brand">
      <Group gap={8} wrap="nowrap">
        <img
          src={branding?.logo ?? '/favicon.svg'}
          alt=""
          height={28}
          style={{ display: 'block', height: 28, width: 'auto', maxWidth: 96, objectFit: 'contain' }}
        />
        <Text
          component="span"
          fw={700}
          size="lg"
          c="var(--oc-color-primary)"
          truncate
          data-testid="brand-name"
        >
          {branding?.organizationName ?? t('app.name')}
        </Text>
      </Group>
    </Anchor>
  );
}

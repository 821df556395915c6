import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../route-paths';

/** The app's mark and name, linking home. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={ROUTES.home} underline="never" miw={0}>
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text component="span" fw={700} size="lg" c="var(--oc-color-primary)" truncate>
          {t('app.name')}
        </Text>
      </Group>
    </Anchor>
  );
}

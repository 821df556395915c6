import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ChevronStartIcon } from '../icons/icons';

/** "← All patients": the way back up from a detail screen, its arrow turned round in Arabic. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <ChevronStartIcon size={16} />
        {label}
      </Group>
    </Anchor>
  );
}

import { ActionIcon, Menu } from '@mantine/core';
import type { TelehealthInvitation } from '@opencare/schemas/entities/visits';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '../screen/call-icons';

/** On a guest's tile, for the clinician: remove them from the visit (asked again before it is done). */
export function GuestTileMenu({ guest, onRemove }: { guest: TelehealthInvitation; onRemove: () => void }) {
  const { t } = useTranslation('visits');
  return (
    <Menu position="bottom-start" withArrow>
      <Menu.Target>
        <ActionIcon
          variant="filled"
          color="dark"
          radius="xl"
          size="md"
          aria-label={t('guests.optionsFor', { name: guest.fullName })}
          data-testid="guest-tile-menu"
        >
          <MoreIcon size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red" onClick={onRemove} data-testid="remove-from-visit">
          {t('guests.removeFromVisit')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

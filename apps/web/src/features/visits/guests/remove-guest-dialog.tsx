import type { TelehealthInvitation } from '@opencare/schemas/entities/visits';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../patients/care-plan/confirm-dialog';
import { useRemoveGuestMutation } from './guest-queries';

/**
 * Removing a guest, asked twice: their link stops working and, if they are in the call, they are
 * out of it at once on every device.
 */
export function RemoveGuestDialog({ guest, onClose }: { guest: TelehealthInvitation | null; onClose: () => void }) {
  const { t } = useTranslation('visits');
  const remove = useRemoveGuestMutation();
  return (
    <ConfirmDialog
      opened={guest !== null}
      title={t('guests.removeTitle', { name: guest?.fullName ?? '' })}
      body={t(guest?.status === 'inCall' ? 'guests.removeInCall' : 'guests.removeLink', { name: guest?.fullName ?? '' })}
      confirmLabel={t('guests.removeConfirm')}
      onClose={onClose}
      onConfirm={async () => {
        if (guest) await remove.mutateAsync({ id: guest.id });
        onClose();
      }}
    />
  );
}

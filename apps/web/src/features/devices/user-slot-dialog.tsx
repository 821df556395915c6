import { Button, Group, Modal, Stack } from '@mantine/core';
import { updateDeviceInputSchema, type Device } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useGatewayMessages } from '../gateways/use-gateway-messages';
import { UserSlotInput, userSlotOf } from './user-slot-input';

interface UserSlotDialogProps {
  opened: boolean;
  device: Device;
  onClose: () => void;
  /** Saves the number (null clears it). */
  onSave: (userSlot: number | null) => Promise<void>;
}

/** Changes or clears the patient's user number on a meter; the server's field message shows under the box. */
export function UserSlotDialog({ opened, device, onClose, onSave }: UserSlotDialogProps) {
  const { t } = useTranslation('gateways');
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: updateDeviceInputSchema,
    initialValues: { userSlot: device.userSlot ?? '' },
    toBody: ({ userSlot }) => ({ userSlot: userSlotOf(userSlot) }),
    rename: { 'changes.userSlot': 'userSlot' },
    messages: useGatewayMessages(),
    submit: (body) => onSave(body.userSlot ?? null),
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('devices.userSlotTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <UserSlotInput {...field('userSlot')} data-autofocus />
          <FormFailure text={failureText} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: string;
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before deleting. Cancel has the focus first, so Enter pressed out of habit deletes nothing;
 * Escape also cancels.
 */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirm,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('devices');
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onCancel} title={title} centered>
      <Stack>
        <Text>{body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmText {
  title: string;
  body: string;
  confirm: string;
}

interface ConfirmDialogProps {
  /** What is being confirmed; null while nothing is. */
  text: ConfirmText | null;
  /** Red for what takes something away (lock, deactivate, revoke, delete). */
  destructive?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action that changes who can sign in or what an invitee can do. Cancel has the
 * focus first, so Enter pressed out of habit does nothing harmful; Escape also cancels.
 */
export function ConfirmDialog({ text, destructive = false, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('userManagement');
  // The words stay while the dialog fades out after `text` went back to null.
  const [shown, setShown] = useState(text);
  if (text !== null && text !== shown) setShown(text);
  return (
    <Modal opened={text !== null} onClose={busy ? () => undefined : onCancel} title={shown?.title} centered>
      <Stack>
        <Text>{shown?.body}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color={destructive ? 'red' : undefined} onClick={onConfirm} loading={busy}>
            {shown?.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../api/error-message';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onClose: () => void;
  /** The action; the dialog stays open, with the error, when it fails. */
  onConfirm: () => Promise<void>;
}

/** A destructive step asked twice: ending a schedule or dropping a patient's own limits cannot be undone. */
export function ConfirmDialog({ opened, title, body, confirmLabel, onClose, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation('patients');
  const { t: tc } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  async function confirm() {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('carePlan.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        {failure !== null && (
          <Alert color="red" variant="light" role="alert">
            {errorMessageOf(tc, failure)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('carePlan.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

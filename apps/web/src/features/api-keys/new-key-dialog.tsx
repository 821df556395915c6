import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { API_KEY_HEADER, type CreatedApiKey } from '@opencare/schemas/entities/api-keys';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon } from '../../components/icons/icons';

interface NewKeyDialogProps {
  /** The key just created; null once the admin has closed the dialog. */
  created: CreatedApiKey | null;
  onClose: () => void;
}

/**
 * The one time a key is shown. The server keeps only its hash, so once this closes nobody can see
 * it again: the dialog says so, offers to copy it, and does not close on a stray click outside.
 */
export function NewKeyDialog({ created, onClose }: NewKeyDialogProps) {
  const { t } = useTranslation('apiKeys');
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title={t('created.title')}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
    >
      {created && (
        <Stack gap="md" data-testid="api-key-created">
          <Alert color="orange" variant="light" icon={<AlertIcon size={20} />} title={t('created.onceTitle')}>
            {t('created.once', { name: created.name })}
          </Alert>
          <Code
            block
            dir="ltr"
            data-testid="api-key-secret"
            style={{
              wordBreak: 'break-all',
              whiteSpace: 'pre-wrap',
              fontSize: 'var(--mantine-font-size-sm)',
            }}
          >
            {created.key}
          </Code>
          <Text size="sm" c="dimmed">
            {t('created.howTo')} <Code dir="ltr">{API_KEY_HEADER}</Code>
          </Text>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.key} timeout={3000}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <CheckIcon size={16} /> : undefined}
                  onClick={copy}
                  data-testid="api-key-copy"
                >
                  {copied ? t('created.copied') : t('created.copy')}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose} data-testid="api-key-done">
              {t('created.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

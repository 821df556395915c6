import { ActionIcon, Badge, Button, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { ATTACHMENT_TYPES, MAIL_LIMITS } from '@opencare/schemas/entities/mail';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../api/error-message';
import type { MessageDraft } from './use-message-draft';

/** The draft's files: add more (up to the limit), see each one's upload, take one off again. */
export function DraftFiles({ draft, disabled = false }: { draft: MessageDraft; disabled?: boolean }) {
  const { t } = useTranslation('mail');
  const { t: tc } = useTranslation();
  const full = draft.files.filter((f) => f.status !== 'failed').length >= MAIL_LIMITS.attachmentsPerMessage;
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <FileButton
          onChange={draft.addFiles}
          accept={ATTACHMENT_TYPES.join(',')}
          multiple
          disabled={disabled || full}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" data-testid="attach-files">
              {t('attachments.add')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('attachments.hint', {
            count: MAIL_LIMITS.attachmentsPerMessage,
            size: MAIL_LIMITS.attachmentBytes / (1024 * 1024),
          })}
        </Text>
      </Group>
      {draft.files.length > 0 && (
        <Stack gap={4} role="list" aria-label={t('attachments.label')}>
          {draft.files.map((file) => (
            <Group
              key={file.key}
              gap="xs"
              wrap="nowrap"
              role="listitem"
              data-testid="draft-file"
              data-status={file.status}
            >
              {file.status === 'uploading' && <Loader size="xs" role="status" aria-label={t('attachments.uploading')} />}
              {file.status === 'ready' && (
                <Badge size="sm" variant="light" color="green">
                  {t('attachments.ready')}
                </Badge>
              )}
              {file.status === 'failed' && (
                <Badge size="sm" variant="light" color="red">
                  {t('attachments.failed')}
                </Badge>
              )}
              <Stack gap={0} miw={0}>
                <Text size="sm" truncate="end">
                  <bdi>{file.fileName}</bdi>
                </Text>
                {file.status === 'failed' && (
                  <Text size="xs" c="red" role="alert">
                    {errorMessageOf(tc, file.error)}
                  </Text>
                )}
              </Stack>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                onClick={() => draft.removeFile(file.key)}
                aria-label={t('attachments.removeNamed', { name: file.fileName })}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

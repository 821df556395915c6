import { Button, Group, Image, Loader, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Attachment } from '@opencare/schemas/entities/mail';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../components/icons/icons';
import { useNotifyError } from '../../components/notifications/use-notify';
import { useFileSize } from './file-size';
import { saveAttachment, useAttachmentUrl } from './use-attachment-url';

function DownloadButton({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('mail');
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      loading={busy}
      aria-label={t('attachments.downloadNamed', { name: attachment.fileName })}
      onClick={() => {
        setBusy(true);
        saveAttachment(attachment.id, attachment.fileName)
          .catch(notifyError)
          .finally(() => setBusy(false));
      }}
    >
      {t('attachments.download')}
    </Button>
  );
}

/** A photo: a thumbnail that opens larger, with its name and a download. */
function ImageAttachment({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('mail');
  const image = useAttachmentUrl(attachment.id);
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p={6} w={140} data-testid="attachment">
      <Stack gap={4}>
        <UnstyledButton
          onClick={() => setOpen(true)}
          aria-label={t('attachments.previewNamed', { name: attachment.fileName })}
          disabled={image.status !== 'loaded'}
          h={96}
          style={{ display: 'grid', placeItems: 'center', overflow: 'hidden', borderRadius: 6 }}
        >
          {image.status === 'loaded' && <Image src={image.url} alt="" h={96} w={128} fit="cover" />}
          {image.status === 'loading' && <Loader size="sm" role="status" aria-label={t('attachments.loading')} />}
          {image.status === 'failed' && (
            <Text size="xs" c="dimmed">
              {t('attachments.previewFailed')}
            </Text>
          )}
        </UnstyledButton>
        <Text size="xs" truncate="end" title={attachment.fileName}>
          <bdi>{attachment.fileName}</bdi>
        </Text>
        <DownloadButton attachment={attachment} />
      </Stack>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={<bdi>{attachment.fileName}</bdi>}
        size="lg"
        centered
      >
        {image.status === 'loaded' && (
          <Image src={image.url} alt={attachment.fileName} fit="contain" mah="70vh" />
        )}
      </Modal>
    </Paper>
  );
}

/** A PDF: its name and size, downloaded rather than opened in the app. */
function DocumentAttachment({ attachment }: { attachment: Attachment }) {
  const size = useFileSize();
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="attachment">
      <Group gap="xs" wrap="nowrap">
        <FileIcon size={20} />
        <Stack gap={0} miw={0}>
          <Text size="sm" truncate="end" maw={220} title={attachment.fileName}>
            <bdi>{attachment.fileName}</bdi>
          </Text>
          <Text size="xs" c="dimmed">
            {size(attachment.size)}
          </Text>
        </Stack>
        <DownloadButton attachment={attachment} />
      </Group>
    </Paper>
  );
}

export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation('mail');
  if (attachments.length === 0) return null;
  return (
    <Group gap="xs" align="flex-start" role="list" aria-label={t('attachments.label')}>
      {attachments.map((attachment) => (
        <div role="listitem" key={attachment.id}>
          {attachment.contentType === 'application/pdf' ? (
            <DocumentAttachment attachment={attachment} />
          ) : (
            <ImageAttachment attachment={attachment} />
          )}
        </div>
      ))}
    </Group>
  );
}

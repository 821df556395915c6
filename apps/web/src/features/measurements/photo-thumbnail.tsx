import { Image, Modal, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';

interface PhotoThumbnailProps {
  fileId: string;
  /** What the photo is, for those who cannot see it (shown as the full-size view's title too). */
  alt: string;
}

/**
 * A photo of the patient's record as a thumbnail that opens full size (click, Enter or Space). The
 * picture comes through the files endpoint with the reader's session, as a data URL: a stored
 * photo never changes.
 */
export function PhotoThumbnail({ fileId, alt }: PhotoThumbnailProps) {
  const { t } = useTranslation('measurements');
  const [open, setOpen] = useState(false);
  const photo = trpc.files.get.useQuery({ id: fileId }, { staleTime: Infinity });
  if (photo.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('camera.unavailable')}
      </Text>
    );
  const src = photo.data?.dataUrl;
  if (!src) return <Skeleton h={96} w={128} radius="md" />;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        aria-label={t('camera.openFull')}
        aria-haspopup="dialog"
        data-testid="photo-thumbnail"
        w="fit-content"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Image src={src} alt={alt} h={96} w="auto" maw={160} radius="md" fit="contain" />
      </UnstyledButton>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={alt}
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': t('camera.closeFull') }}
      >
        <Image src={src} alt={alt} maw="min(90vw, 1200px)" mah="80vh" w="auto" fit="contain" data-testid="photo-full" />
      </Modal>
    </>
  );
}

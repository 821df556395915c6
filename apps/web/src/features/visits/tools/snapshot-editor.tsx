import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { SaveVisitCaptureInput } from '@opencare/schemas/entities/visit-captures';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../api/trpc';
import { useNotifications, useNotifyError } from '../../../components/notifications/use-notify';
import { isUsableCrop, type CropRect } from './crop-rect';
import { SnapshotCanvas } from './snapshot-canvas';
import { cropImage, exportJpeg, loadImage } from './snapshot-render';
import {
  addText,
  canUndo,
  extendPen,
  openSnapshot,
  replaceImage,
  startPen,
  undo,
  type SnapshotState,
} from './snapshot-state';
import { SnapshotToolbar, type MarkStyle } from './snapshot-toolbar';
import { FONT_SIZE } from './spc-camera';
import { saveVisitCapture } from './save-visit-capture';
import { useOpenedOnce } from '../../../components/use-opened-once';

export interface SnapshotEditorProps {
  /** The captured picture (a data URL); the editor is open while there is one. */
  image: string | null;
  onClose: () => void;
  visitId: string;
  /** Clinicians save to the patient's record; everyone else may download. */
  canSave: boolean;
  /** Where the special camera's tools start (spec §3: text, size 6, red). */
  initialStyle?: Partial<MarkStyle>;
}

const DEFAULT_STYLE: MarkStyle = { tool: 'pen', color: 'red', fontSize: FONT_SIZE.default };

/** Annotate (pen, text), crop and undo a snapshot, then save it to the patient's record or download it. */
export function SnapshotEditor({ image, onClose, visitId, canSave, initialStyle }: SnapshotEditorProps) {
  const { t } = useTranslation('visits');
  // A phone gets the whole screen: the picture and every control fit without a margin around them.
  const phone = useMediaQuery('(max-width: 48em)');
  const mounted = useOpenedOnce(image !== null);
  if (!mounted) return null;
  return (
    <Modal
      opened={image !== null}
      onClose={onClose}
      title={t('tools.editor.title')}
      size="xl"
      centered
      fullScreen={phone}
    >
      {image !== null && (
        <EditorBody
          key={image}
          image={image}
          onClose={onClose}
          visitId={visitId}
          canSave={canSave}
          initialStyle={initialStyle}
        />
      )}
    </Modal>
  );
}

function EditorBody({
  image,
  onClose,
  visitId,
  canSave,
  initialStyle,
}: SnapshotEditorProps & { image: string }) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const notifyError = useNotifyError();
  const utils = trpc.useUtils();
  const [state, setState] = useState<SnapshotState>(() => openSnapshot(image));
  const [picture, setPicture] = useState<HTMLImageElement | null>(null);
  const [style, setStyle] = useState<MarkStyle>({ ...DEFAULT_STYLE, ...initialStyle });
  const [label, setLabel] = useState('');
  const [crop, setCrop] = useState<CropRect | null>(null);
  const [caption, setCaption] = useState('');
  const saving = useMutation({
    mutationFn: (input: SaveVisitCaptureInput) => saveVisitCapture(visitId, input),
    onSuccess: () => {
      // A new camera measurement on the patient's record: their readings and timeline show it.
      void utils.measurements.invalidate();
      void utils.patients.invalidate();
    },
  });

  useEffect(() => {
    let current = true;
    loadImage(state.image).then(
      (loaded) => current && setPicture(loaded),
      (error: unknown) => current && notifyError(error),
    );
    return () => {
      current = false;
    };
  }, [state.image, notifyError]);

  const placeLabel = (at = { x: 0.5, y: 0.5 }) => {
    setState((s) => addText(s, at, label, style.color, style.fontSize));
    setLabel('');
  };
  const applyCrop = () => {
    if (!picture || !isUsableCrop(crop)) return;
    setState((s) => replaceImage(s, cropImage(picture, s.marks, crop)));
    setCrop(null);
  };
  const save = () => {
    if (!picture) return;
    let data: string;
    try {
      data = exportJpeg(picture, state.marks).data;
    } catch (error) {
      notifyError(error);
      return;
    }
    saving.mutate(
      { contentType: 'image/jpeg', data, caption: caption.trim() || undefined },
      {
        onSuccess: () => {
          notify({ id: 'visit-capture-saved', message: t('tools.editor.saved'), tone: 'success' });
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  const download = () => {
    if (!picture) return;
    const link = document.createElement('a');
    link.href = exportJpeg(picture, state.marks).dataUrl;
    link.download = `snapshot-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.jpg`;
    link.click();
  };

  const hint = style.tool === 'text' && label.trim() ? 'textReady' : style.tool;
  return (
    <Stack gap="sm">
      <SnapshotToolbar
        style={style}
        onStyle={(next) => {
          setStyle(next);
          if (next.tool !== 'crop') setCrop(null);
        }}
        label={label}
        onLabel={setLabel}
        onAddLabel={() => placeLabel()}
        canApplyCrop={isUsableCrop(crop)}
        onApplyCrop={applyCrop}
        canUndo={canUndo(state)}
        onUndo={() => {
          setCrop(null);
          setState(undo);
        }}
      />
      <Text size="sm" c="dimmed">
        {t(`tools.editor.hints.${hint}`)}
      </Text>
      <Group justify="center">
        {picture ? (
          <SnapshotCanvas
            picture={picture}
            marks={state.marks}
            tool={style.tool}
            crop={crop}
            onPenStart={(at) => setState((s) => startPen(s, at, style.color))}
            onPenMove={(at) => setState((s) => extendPen(s, at))}
            onPlaceText={(at) => label.trim() && placeLabel(at)}
            onCrop={setCrop}
          />
        ) : (
          <Loader role="status" aria-label={t('tools.editor.loading')} />
        )}
      </Group>
      {canSave ? (
        <TextInput
          label={t('tools.editor.caption')}
          placeholder={t('tools.editor.captionPlaceholder')}
          value={caption}
          maxLength={500}
          onChange={(e) => setCaption(e.currentTarget.value)}
        />
      ) : (
        <Alert variant="light" color="gray">
          {t('tools.editor.downloadOnly')}
        </Alert>
      )}
      {/* Save and close stay in sight however tall the rest is (a 800-px-high screen cut them off). */}
      <Group
        justify="flex-end"
        gap="xs"
        pos="sticky"
        bottom={0}
        py="xs"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1 }}
        data-testid="snapshot-actions"
      >
        <Button variant="default" onClick={onClose}>
          {t('tools.editor.close')}
        </Button>
        {canSave ? (
          <Button onClick={save} loading={saving.isPending} disabled={!picture}>
            {t('tools.editor.save')}
          </Button>
        ) : (
          <Button onClick={download} disabled={!picture}>
            {t('tools.editor.download')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

import { ActionIcon, Badge, Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifyError } from '../../../components/notifications/use-notify';
import { grabFrame, grabStreamFrame } from './capture-frame';
import { FontSizeSlider, MarkColorPicker } from './mark-style-controls';
import { SnapshotEditor } from './snapshot-editor';
import { SNAPSHOT_TOOLS, SPC_DEFAULTS, type SpcToolState } from './spc-camera';
import { useSpcZoom } from './use-spc-zoom';

export interface SpcCameraToolsProps {
  /** The stream wrapper (spec §3) of the camera; the tools show only for the special camera. */
  stream: { stream: MediaStream; isSpcCamera: boolean };
  /** The video showing this stream: scaled for screen zoom, and captured for snapshots. */
  video?: HTMLVideoElement | null;
  /** Needed to save snapshots to the patient's record; without it they can be downloaded. */
  visitId?: string;
  canSave?: boolean;
}

/**
 * The special (SPC) camera's tools (spec §3): zoom, the active tool and the text style (font
 * size 6 and red to begin with), and the snapshot editor, which opens with them.
 */
export function SpcCameraTools({ stream, video, visitId, canSave = false }: SpcCameraToolsProps) {
  if (!stream.isSpcCamera) return null;
  return <SpcToolsPanel stream={stream} video={video} visitId={visitId} canSave={canSave} />;
}

function SpcToolsPanel({ stream, video, visitId, canSave }: SpcCameraToolsProps) {
  const { t } = useTranslation('visits');
  const notifyError = useNotifyError();
  const [tools, setTools] = useState<SpcToolState>(SPC_DEFAULTS);
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const zoom = useSpcZoom(stream.stream, video);
  const update = (change: Partial<SpcToolState>) => setTools((current) => ({ ...current, ...change }));

  const openEditor = async () => {
    try {
      setSnapshot(video ? grabFrame(video) : await grabStreamFrame(stream.stream));
      update({ snapshotEditor: true });
    } catch (error) {
      notifyError(error);
    }
  };
  const closeEditor = () => {
    setSnapshot(null);
    update({ snapshotEditor: false });
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="spc-camera-tools">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('tools.spc.title')}
          </Text>
          <Group gap={6} role="group" aria-label={t('tools.spc.zoom')}>
            <ActionIcon
              variant="default"
              onClick={zoom.zoomOut}
              disabled={!zoom.canZoomOut}
              aria-label={t('tools.spc.zoomOut')}
            >
              −
            </ActionIcon>
            <Text size="sm" aria-live="polite" miw={40} ta="center" data-testid="spc-zoom">
              {t('tools.spc.zoomLevel', { value: zoom.zoom })}
            </Text>
            <ActionIcon
              variant="default"
              onClick={zoom.zoomIn}
              disabled={!zoom.canZoomIn}
              aria-label={t('tools.spc.zoomIn')}
            >
              +
            </ActionIcon>
            <Badge variant="light" color="gray" size="sm">
              {t(`tools.spc.zoomMode.${zoom.mode}`)}
            </Badge>
          </Group>
        </Group>
        <SegmentedControl
          aria-label={t('tools.editor.tool')}
          value={tools.activeTool}
          onChange={(tool) => update({ activeTool: tool })}
          data={SNAPSHOT_TOOLS.map((tool) => ({ value: tool, label: t(`tools.editor.tools.${tool}`) }))}
        />
        <Button
          variant="subtle"
          size="xs"
          onClick={() => update({ canvasControls: !tools.canvasControls })}
          aria-expanded={tools.canvasControls}
        >
          {t('tools.spc.textStyle')}
        </Button>
        {tools.canvasControls && (
          <Group gap="md" align="flex-end">
            <FontSizeSlider value={tools.fontSize} onChange={(fontSize) => update({ fontSize })} />
            <MarkColorPicker value={tools.fontColor} onChange={(fontColor) => update({ fontColor })} />
          </Group>
        )}
        <Button onClick={() => void openEditor()}>{t('tools.spc.snapshot')}</Button>
      </Stack>
      <SnapshotEditor
        image={snapshot}
        onClose={closeEditor}
        visitId={visitId ?? ''}
        canSave={canSave === true && Boolean(visitId)}
        initialStyle={{ tool: tools.activeTool, color: tools.fontColor, fontSize: tools.fontSize }}
      />
    </Paper>
  );
}

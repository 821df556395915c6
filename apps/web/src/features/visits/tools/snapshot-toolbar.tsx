import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FontSizeSlider, MarkColorPicker } from './mark-style-controls';
import { SNAPSHOT_TOOLS, type SnapshotTool } from './spc-camera';

export interface MarkStyle {
  tool: SnapshotTool;
  color: string;
  fontSize: number;
}

interface SnapshotToolbarProps {
  style: MarkStyle;
  onStyle: (style: MarkStyle) => void;
  label: string;
  onLabel: (label: string) => void;
  /** Puts the label in the middle: the keyboard's way of placing it. */
  onAddLabel: () => void;
  canApplyCrop: boolean;
  onApplyCrop: () => void;
  canUndo: boolean;
  onUndo: () => void;
}

/** The editor's tools: pen, text (with size and colour) and crop, and undo. */
export function SnapshotToolbar(props: SnapshotToolbarProps) {
  const { style, onStyle } = props;
  const { t } = useTranslation('visits');
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t('tools.editor.tool')}
        value={style.tool}
        onChange={(tool) => onStyle({ ...style, tool })}
        data={SNAPSHOT_TOOLS.map((tool) => ({ value: tool, label: t(`tools.editor.tools.${tool}`) }))}
      />
      {style.tool !== 'crop' && (
        <MarkColorPicker value={style.color} onChange={(color) => onStyle({ ...style, color })} />
      )}
      {style.tool === 'text' && (
        <>
          <FontSizeSlider value={style.fontSize} onChange={(fontSize) => onStyle({ ...style, fontSize })} />
          <Group gap="xs" align="flex-end">
            <TextInput
              label={t('tools.editor.labelText')}
              value={props.label}
              maxLength={80}
              onChange={(event) => props.onLabel(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') props.onAddLabel();
              }}
            />
            <Button variant="default" onClick={props.onAddLabel} disabled={!props.label.trim()}>
              {t('tools.editor.addLabel')}
            </Button>
          </Group>
        </>
      )}
      {style.tool === 'crop' && (
        <Button variant="default" onClick={props.onApplyCrop} disabled={!props.canApplyCrop}>
          {t('tools.editor.applyCrop')}
        </Button>
      )}
      <Button variant="subtle" onClick={props.onUndo} disabled={!props.canUndo}>
        {t('tools.editor.undo')}
      </Button>
    </Group>
  );
}

import { Box } from '@mantine/core';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rectFromDrag, type CropRect } from './crop-rect';
import { toSurfacePoint, type Point } from './drawing-data';
import { drawMarks } from './snapshot-render';
import type { Mark } from './snapshot-state';
import type { SnapshotTool } from './spc-camera';

interface SnapshotCanvasProps {
  picture: HTMLImageElement;
  marks: readonly Mark[];
  tool: SnapshotTool;
  crop: CropRect | null;
  onPenStart: (at: Point) => void;
  onPenMove: (at: Point) => void;
  onPlaceText: (at: Point) => void;
  onCrop: (rect: CropRect | null) => void;
}

/**
 * The picture being edited, drawn at its own resolution and shown scaled to fit. Pointer input is
 * read in fractions of the picture, so it does not matter how large it is shown.
 */
export function SnapshotCanvas({
  picture,
  marks,
  tool,
  crop,
  onPenStart,
  onPenMove,
  onPlaceText,
  onCrop,
}: SnapshotCanvasProps) {
  const { t } = useTranslation('visits');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pointer, setPointer] = useState<{ id: number; start: Point } | null>(null);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    element.width = picture.naturalWidth;
    element.height = picture.naturalHeight;
    context.drawImage(picture, 0, 0);
    drawMarks(context, marks, element.width, element.height);
  }, [picture, marks]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) =>
    toSurfacePoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer) return;
    const at = pointOf(event);
    if (tool === 'text') {
      onPlaceText(at);
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    setPointer({ id: event.pointerId, start: at });
    if (tool === 'pen') onPenStart(at);
    else onCrop(null);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer?.id !== event.pointerId) return;
    if (tool === 'pen') onPenMove(pointOf(event));
    else if (tool === 'crop') onCrop(rectFromDrag(pointer.start, pointOf(event)));
  };
  const up = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer?.id === event.pointerId) setPointer(null);
  };

  return (
    <Box
      pos="relative"
      style={{ display: 'inline-block', lineHeight: 0, maxWidth: '100%', overflow: 'hidden' }}
    >
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('tools.editor.canvasLabel')}
        data-testid="snapshot-canvas"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          maxWidth: '100%',
          // Leaves room for the tools above and the caption and buttons below on a short screen.
          maxHeight: 'max(160px, min(60vh, calc(100dvh - 440px)))',
          touchAction: 'none',
          cursor: tool === 'text' ? 'text' : 'crosshair',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      />
      {crop && (
        <Box
          data-testid="crop-selection"
          pos="absolute"
          style={{
            left: `${crop.x * 100}%`,
            top: `${crop.y * 100}%`,
            width: `${crop.width * 100}%`,
            height: `${crop.height * 100}%`,
            border: '2px dashed white',
            // Everything outside the selection is dimmed.
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.45)',
            pointerEvents: 'none',
          }}
        />
      )}
    </Box>
  );
}

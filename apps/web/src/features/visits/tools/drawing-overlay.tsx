import { Button, Group } from '@mantine/core';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMPTY_DRAWING,
  drawStrokes,
  extendStroke,
  startStroke,
  toSurfacePoint,
  undoStroke,
  type DrawingData,
} from './drawing-data';

export interface DrawingOverlayProps {
  /** Drawing is on: the canvas takes the pointer and the undo and clear buttons show. */
  active: boolean;
  color: string;
  /** The size of the video area it lies over, in CSS pixels. */
  width: number;
  height: number;
  onClear?: () => void;
}

/**
 * A canvas laid over the main video to draw on with a mouse, a finger or a pen (pointer events).
 * Strokes are kept as data and drawn again whenever the size changes. While drawing is off the
 * lines stay visible but the pointer passes through to the video.
 */
export function DrawingOverlay({ active, color, width, height, onClear }: DrawingOverlayProps) {
  const { t } = useTranslation('visits');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState<DrawingData>(EMPTY_DRAWING);
  const pointer = useRef<number | null>(null);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    // Sharp on high-density screens: the backing store follows the device pixel ratio.
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    drawStrokes(context, drawing.strokes, width, height);
  }, [drawing, width, height]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) =>
    toSurfacePoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!active || pointer.current !== null) return;
    // Read now: React clears the event's currentTarget before the state updater runs.
    const point = pointOf(event);
    pointer.current = event.pointerId;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrawing((current) => startStroke(current, point, color));
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId) return;
    const point = pointOf(event);
    setDrawing((current) => extendStroke(current, point));
  };
  const up = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current === event.pointerId) pointer.current = null;
  };
  const clear = () => {
    setDrawing(EMPTY_DRAWING);
    onClear?.();
  };

  return (
    <>
      <canvas
        ref={canvas}
        data-testid="drawing-overlay"
        aria-label={t('tools.drawing.label')}
        role="img"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          position: 'absolute',
          inset: 0,
          width,
          height,
          // Touch moves draw instead of scrolling the page, but only while drawing is on.
          touchAction: active ? 'none' : 'auto',
          pointerEvents: active ? 'auto' : 'none',
          cursor: active ? 'crosshair' : 'default',
        }}
      />
      {active && (
        <Group gap="xs" pos="absolute" top={8} style={{ insetInlineEnd: 8 }}>
          <Button
            size="xs"
            variant="default"
            onClick={() => setDrawing(undoStroke)}
            disabled={drawing.strokes.length === 0}
          >
            {t('tools.drawing.undo')}
          </Button>
          <Button size="xs" variant="default" onClick={clear} disabled={drawing.strokes.length === 0}>
            {t('tools.drawing.clear')}
          </Button>
        </Group>
      )}
    </>
  );
}

import { Button, Group } from '@mantine/core';
import type { DrawingAction } from '@opencare/schemas/socket-events';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PEN_WIDTH, drawStrokes, toSurfacePoint, type Point, type Stroke } from './drawing-data';

export interface DrawingOverlayProps {
  /** Drawing is on: the canvas takes the pointer and the undo and clear buttons show. */
  active: boolean;
  color: string;
  /** Where the picture lies in its tile (CSS pixels): the canvas covers the picture exactly. */
  box: { left: number; top: number; width: number; height: number };
  /** The picture is shown mirrored (one's own camera): the drawing is mirrored with it. */
  mirrored: boolean;
  /** The lines drawn so far, by everyone in the visit. */
  strokes: readonly Stroke[];
  /** This device drew a line here that it may take back. */
  canUndo: boolean;
  onAction: (action: DrawingAction) => void;
}

/**
 * A canvas laid over a video to draw on with a mouse, a finger or a pen (pointer events). The line
 * being drawn stays here until the pen lifts, then becomes a stroke for everyone. Strokes are data,
 * drawn again whenever the size changes. While drawing is off the lines stay visible but the
 * pointer passes through to the video.
 */
export function DrawingOverlay({ active, color, box, mirrored, strokes, canUndo, onAction }: DrawingOverlayProps) {
  const { t } = useTranslation('visits');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [line, setLine] = useState<Stroke | null>(null);
  const pointer = useRef<number | null>(null);
  const { width, height } = box;

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
    drawStrokes(context, line ? [...strokes, line] : strokes, width, height);
  }, [strokes, line, width, height]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const point = toSurfacePoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    return mirrored ? { x: 1 - point.x, y: point.y } : point;
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!active || pointer.current !== null) return;
    pointer.current = event.pointerId;
    event.currentTarget.setPointerCapture(event.pointerId);
    setLine({ color, width: PEN_WIDTH, points: [pointOf(event)] });
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId) return;
    const point = pointOf(event);
    setLine((current) => (current ? { ...current, points: [...current.points, point] } : current));
  };
  const up = (event: PointerEvent<HTMLCanvasElement>) => {
    if (pointer.current !== event.pointerId) return;
    pointer.current = null;
    if (line) onAction({ kind: 'stroke', stroke: line });
    setLine(null);
  };

  return (
    <>
      <canvas
        ref={canvas}
        data-testid="drawing-overlay"
        data-strokes={strokes.length}
        aria-label={t('tools.drawing.label')}
        role="img"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        style={{
          position: 'absolute',
          left: box.left,
          top: box.top,
          width,
          height,
          transform: mirrored ? 'scaleX(-1)' : undefined,
          // Touch moves draw instead of scrolling the page, but only while drawing is on.
          touchAction: active ? 'none' : 'auto',
          pointerEvents: active ? 'auto' : 'none',
          cursor: active ? 'crosshair' : 'default',
        }}
      />
      {active && (
        <Group gap="xs" pos="absolute" top={8} style={{ insetInlineEnd: 8 }}>
          <Button size="xs" variant="default" onClick={() => onAction({ kind: 'undo' })} disabled={!canUndo}>
            {t('tools.drawing.undo')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onAction({ kind: 'clear' })} disabled={strokes.length === 0}>
            {t('tools.drawing.clear')}
          </Button>
        </Group>
      )}
    </>
  );
}

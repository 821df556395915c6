import { useSyncExternalStore } from 'react';
import { drawnStreamOf, type StreamWrapper } from '../stream-wrapper';
import type { TileView } from '../screen/stream-tile';
import { pictureBox } from './drawing-data';
import { DrawingOverlay } from './drawing-overlay';
import type { SharedDrawing } from './shared-drawing';

interface StreamDrawingProps {
  drawings: SharedDrawing;
  wrapper: StreamWrapper;
  view: TileView;
  /** Drawing is on for this tile (the main one). */
  active: boolean;
  color: string;
}

/** The visit's shared drawing over one stream's tile: the same lines on the same stream on every screen. */
export function StreamDrawing({ drawings, wrapper, view, active, color }: StreamDrawingProps) {
  const stream = drawnStreamOf(wrapper);
  const drawing = useSyncExternalStore(drawings.subscribe, () => drawings.drawingOf(stream));
  if (!active && drawing.strokes.length === 0) return null;
  return (
    <DrawingOverlay
      active={active}
      color={color}
      box={pictureBox(view, view.picture, view.fit)}
      mirrored={view.mirrored}
      strokes={drawing.strokes}
      canUndo={drawings.drewOn(stream)}
      onAction={(action) => drawings.act(stream, action)}
    />
  );
}

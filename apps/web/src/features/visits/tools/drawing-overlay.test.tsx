import { fireEvent, screen } from '@testing-library/react';
import type { DrawingAction } from '@opencare/schemas/socket-events';
import { describe, expect, it, vi } from 'vitest';
import { DrawingOverlay, type DrawingOverlayProps } from './drawing-overlay';
import { renderTool } from './tools-testing';

const box = { left: 0, top: 0, width: 640, height: 480 };
const base: DrawingOverlayProps = {
  active: true,
  color: '#fa5252',
  box,
  mirrored: false,
  strokes: [],
  canUndo: false,
  onAction: () => undefined,
};

function drawLine(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 64, clientY: 48 });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 320, clientY: 240 });
  fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 320, clientY: 240 });
}

/** jsdom lays nothing out: the canvas is given the box it would have. */
function laidOut(canvas: HTMLElement) {
  canvas.getBoundingClientRect = () => ({ ...box, x: 0, y: 0, right: 640, bottom: 480, toJSON: () => box });
  return canvas;
}

describe('DrawingOverlay', () => {
  it('lets the pointer through to the video while drawing is off', () => {
    renderTool(<DrawingOverlay {...base} active={false} />);
    expect(screen.getByTestId('drawing-overlay').style.pointerEvents).toBe('none');
    expect(screen.queryByRole('button', { name: 'Undo line' })).toBeNull();
  });

  it('hands over a line as a stroke of picture fractions when the pen lifts', () => {
    const onAction = vi.fn<(action: DrawingAction) => void>();
    renderTool(<DrawingOverlay {...base} onAction={onAction} />);
    drawLine(laidOut(screen.getByTestId('drawing-overlay')));
    expect(onAction).toHaveBeenCalledExactlyOnceWith({
      kind: 'stroke',
      stroke: { color: '#fa5252', width: 4, points: [{ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.5 }] },
    });
  });

  it('reads a mirrored picture (one’s own camera) the way the others see it', () => {
    const onAction = vi.fn<(action: DrawingAction) => void>();
    renderTool(<DrawingOverlay {...base} mirrored onAction={onAction} />);
    drawLine(laidOut(screen.getByTestId('drawing-overlay')));
    const [action] = onAction.mock.calls[0] ?? [];
    expect(action?.kind === 'stroke' && action.stroke.points).toEqual([{ x: 0.9, y: 0.1 }, { x: 0.5, y: 0.5 }]);
  });

  it('counts the lines shown, and offers undo and clear only when there is something to take back', () => {
    const onAction = vi.fn<(action: DrawingAction) => void>();
    const strokes = [{ by: 'other-device', color: '#fa5252', width: 4, points: [{ x: 0.5, y: 0.5 }] }];
    renderTool(<DrawingOverlay {...base} strokes={strokes} onAction={onAction} />);
    expect(screen.getByTestId('drawing-overlay').dataset.strokes).toBe('1');
    // Someone else's line: this device cannot undo it, but may clear the drawing.
    expect(screen.getByRole('button', { name: 'Undo line' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear drawing' }));
    expect(onAction).toHaveBeenCalledExactlyOnceWith({ kind: 'clear' });
  });
});

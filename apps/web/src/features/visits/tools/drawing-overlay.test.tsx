import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DrawingOverlay } from './drawing-overlay';
import { renderTool } from './tools-testing';

function drawLine(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(canvas, { pointerId: 1, clientX: 40, clientY: 30 });
  fireEvent.pointerUp(canvas, { pointerId: 1, clientX: 40, clientY: 30 });
}

describe('DrawingOverlay', () => {
  it('lets the pointer through to the video while drawing is off', () => {
    renderTool(<DrawingOverlay active={false} color="red" width={640} height={480} />);
    expect(screen.getByTestId('drawing-overlay').style.pointerEvents).toBe('none');
    expect(screen.queryByRole('button', { name: 'Undo line' })).toBeNull();
  });

  it('draws while on, then undoes and clears with the keyboard-reachable buttons', () => {
    const onClear = vi.fn();
    renderTool(<DrawingOverlay active color="red" width={640} height={480} onClear={onClear} />);
    const canvas = screen.getByTestId('drawing-overlay');
    expect(canvas.style.pointerEvents).toBe('auto');
    const undo = screen.getByRole('button', { name: 'Undo line' });
    const clear = screen.getByRole('button', { name: 'Clear drawing' });
    expect(undo.hasAttribute('disabled')).toBe(true);

    drawLine(canvas);
    drawLine(canvas);
    expect(undo.hasAttribute('disabled')).toBe(false);
    fireEvent.click(undo);
    expect(clear.hasAttribute('disabled')).toBe(false);
    fireEvent.click(clear);
    expect(onClear).toHaveBeenCalledOnce();
    expect(undo.hasAttribute('disabled')).toBe(true);
    expect(clear.hasAttribute('disabled')).toBe(true);
  });
});

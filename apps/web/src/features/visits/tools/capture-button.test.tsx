import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaptureButton } from './capture-button';
import { renderTool } from './tools-testing';

// happy-dom has no canvas to draw a frame into.
vi.mock('./capture-frame', () => ({ grabFrame: vi.fn(() => 'data:image/png;base64,RlJBTUU=') }));
vi.mock('./snapshot-render', () => ({
  drawMarks: vi.fn(),
  loadImage: vi.fn(() => Promise.resolve({ naturalWidth: 640, naturalHeight: 480 })),
}));

describe('CaptureButton', () => {
  it('waits for a video', () => {
    renderTool(<CaptureButton video={null} visitId="v" canSave />);
    expect(screen.getByRole('button', { name: 'Capture snapshot' }).hasAttribute('disabled')).toBe(true);
  });

  it("opens the video's current frame in the snapshot editor", async () => {
    renderTool(<CaptureButton video={document.createElement('video')} visitId="v" canSave />);
    fireEvent.click(screen.getByRole('button', { name: 'Capture snapshot' }));
    expect(await screen.findByRole('dialog', { name: 'Snapshot' })).toBeTruthy();
    expect(await screen.findByTestId('snapshot-canvas')).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SpcCameraTools } from './spc-camera-tools';
import { renderTool } from './tools-testing';

/** A stream with one video track; `zoom` gives the track a camera zoom range. */
function fakeStream(zoom?: { min: number; max: number; step: number }) {
  const applyConstraints = vi.fn(() => Promise.resolve());
  const track = {
    kind: 'video',
    getCapabilities: () => (zoom ? { zoom } : {}),
    getSettings: () => (zoom ? { zoom: zoom.min } : {}),
    applyConstraints,
  };
  const stream = { getVideoTracks: () => [track] } as unknown as MediaStream;
  return { stream, applyConstraints };
}

describe('SpcCameraTools', () => {
  it('shows nothing for an ordinary camera', () => {
    const { container } = renderTool(
      <SpcCameraTools stream={{ stream: fakeStream().stream, isSpcCamera: false }} />,
    );
    expect(container.querySelector('[data-testid="spc-camera-tools"]')).toBeNull();
  });

  it('starts with the text tool, size 6 and red, and scales the video on screen when the camera cannot zoom', () => {
    const video = document.createElement('video');
    renderTool(<SpcCameraTools stream={{ stream: fakeStream().stream, isSpcCamera: true }} video={video} />);
    expect(screen.getByText('Text size 6')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Red' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Text' })).toBeTruthy();
    expect(screen.getByText('Screen zoom only')).toBeTruthy();
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(zoomOut.hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByTestId('spc-zoom').textContent).toBe('2×');
    expect(video.style.transform).toBe('scale(2)');
    fireEvent.click(zoomOut);
    expect(video.style.transform).toBe('scale(1.5)');
  });

  it("uses the camera's own zoom when its track has one", async () => {
    const { stream, applyConstraints } = fakeStream({ min: 100, max: 500, step: 1 });
    const video = document.createElement('video');
    renderTool(<SpcCameraTools stream={{ stream, isSpcCamera: true }} video={video} />);
    expect(screen.getByText('Camera zoom')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await waitFor(() => expect(screen.getByTestId('spc-zoom').textContent).toBe('150×'));
    expect(applyConstraints).toHaveBeenCalledWith({ advanced: [{ zoom: 150 }] });
    expect(video.style.transform).toBe('');
  });

  it('hides and shows the text style controls', () => {
    renderTool(<SpcCameraTools stream={{ stream: fakeStream().stream, isSpcCamera: true }} />);
    const toggle = screen.getByRole('button', { name: 'Text size and colour' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Text size 6')).toBeNull();
  });
});

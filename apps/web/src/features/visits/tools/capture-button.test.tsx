import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wrapStream } from '../stream-wrapper';
import { CaptureButton } from './capture-button';
import { captureShownFrame } from './capture-frame';
import { renderTool } from './tools-testing';

// happy-dom has no canvas to draw a frame into: the frame check itself is tested in capture-frame.test.ts.
vi.mock('./capture-frame', () => ({ captureShownFrame: vi.fn(() => ({ image: 'data:image/png;base64,RlJBTUU=' })) }));
vi.mock('./snapshot-render', () => ({
  drawMarks: vi.fn(),
  loadImage: vi.fn(() => Promise.resolve({ naturalWidth: 640, naturalHeight: 480 })),
}));

const patientCamera = wrapStream({ id: 's', getVideoTracks: () => [] } as unknown as MediaStream, {
  deviceId: 'patient-tab-1',
  type: 'remote',
  fullName: 'Pat Morgan',
});

describe('CaptureButton', () => {
  it('waits for a video', () => {
    renderTool(<CaptureButton video={null} stream={undefined} visitId="v" canSave />);
    expect(screen.getByRole('button', { name: 'Capture snapshot' }).hasAttribute('disabled')).toBe(true);
  });

  it("opens the video's current frame in the snapshot editor", async () => {
    renderTool(<CaptureButton video={document.createElement('video')} stream={patientCamera} visitId="v" canSave />);
    fireEvent.click(screen.getByRole('button', { name: 'Capture snapshot' }));
    expect(await screen.findByRole('dialog', { name: 'Snapshot' })).toBeTruthy();
    expect(await screen.findByTestId('snapshot-canvas')).toBeTruthy();
  });

  it("says whose camera to turn on instead of capturing a black frame", async () => {
    vi.mocked(captureShownFrame).mockReturnValueOnce({ missing: 'cameraOff' });
    renderTool(<CaptureButton video={document.createElement('video')} stream={patientCamera} visitId="v" canSave />);
    fireEvent.click(screen.getByRole('button', { name: 'Capture snapshot' }));
    expect(await screen.findByText("Pat Morgan's camera is off — ask them to turn it on, then capture again.")).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Snapshot' })).toBeNull();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderRoutes } from '../signup/testing/harness';
import { settingsRoute } from './routes';

// The check's network part asks the edge; none here (it reads as not reached).
beforeEach(() => {
  fakeFetch(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fakeMediaDevices() {
  const track = { stop: vi.fn(), kind: 'video', enabled: true };
  const stream = Object.assign(new MediaStream(), {
    getTracks: () => [track],
    getVideoTracks: () => [track],
    getAudioTracks: () => [],
  });
  const mediaDevices = Object.assign(new EventTarget(), {
    getUserMedia: vi.fn(() => Promise.resolve(stream)),
    enumerateDevices: vi.fn(() =>
      Promise.resolve([
        { kind: 'videoinput', deviceId: 'cam-front', label: 'Front camera', groupId: '' },
        { kind: 'videoinput', deviceId: 'cam-usb', label: '', groupId: '' },
        { kind: 'audioinput', deviceId: 'mic-1', label: 'Headset', groupId: '' },
      ]),
    ),
  });
  vi.stubGlobal('navigator', { ...navigator, mediaDevices });
  return { mediaDevices, track };
}

describe('audio and video settings', () => {
  it("shows the catalogue's message when the browser has no media devices", async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    renderRoutes([settingsRoute], { path: '/settings/video' });
    fireEvent.click(screen.getByRole('button', { name: 'Start the check' }));
    expect((await screen.findByTestId('preview-error')).textContent).toBe(
      'This browser cannot use a camera or microphone. Open the visit in an up-to-date Chrome, Edge, Firefox or Safari.',
    );
  });

  it('lists the cameras, saves the choice, opens the chosen one only once the check starts and stops it when the page is left', async () => {
    const { mediaDevices, track } = fakeMediaDevices();
    const { setPreference, router } = renderRoutes([settingsRoute], {
      path: '/settings/video',
      preferences: { cameraId: 'cam-usb' },
    });
    const select = await screen.findByLabelText('Camera', { selector: 'select' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Camera 2' })).toBeTruthy());
    expect(screen.getByRole('option', { name: 'Front camera' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'cam-front' } });
    expect(setPreference).toHaveBeenCalledWith('cameraId', 'cam-front');
    expect(mediaDevices.getUserMedia).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Start the check' }));
    expect(await screen.findByRole('button', { name: 'Stop the check' })).toBeTruthy();
    await waitFor(() =>
      expect(mediaDevices.getUserMedia).toHaveBeenCalledWith({
        audio: true,
        video: { width: 640, height: 480, deviceId: 'cam-usb' },
      }),
    );

    await router.navigate('/settings/preferences');
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });
});

import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeContext } from '../../../realtime/realtime-context';
import { asPeopleSocket, fakeSocket, type FakeSocket } from '../../../realtime/fake-socket';
import { EkgDisplay, LiveEkgDisplay } from './ekg-display';
import { ecgMicrovolts } from './testing/ecg-samples';
import { renderTool } from './tools-testing';

const PATIENT = '0b7f3c2e-6f0a-4f5e-9d8e-2f1c3a4b5c6d';
const STRAP = '5a1f0e2d-3c4b-4a59-8e7d-6c5b4a392817';
const NO_DEVICE = 'No EKG device is sending to this visit. A trace shows here only when a device sends one.';

function renderLive(socket: FakeSocket) {
  return renderTool(
    <RealtimeContext value={{ socket: asPeopleSocket(socket), state: 'connected' }}>
      <LiveEkgDisplay patientId={PATIENT} />
    </RealtimeContext>,
  );
}

/** The strap's 72 bpm trace, sent as the gateway does: a batch of 250 ms at a time. */
function streamer(socket: FakeSocket, patientId = PATIENT, deviceId = STRAP) {
  const trace = ecgMicrovolts(20, 130, 72);
  let seq = 0;
  return (seconds: number) => {
    for (let sent = 0; sent < seconds * 4; sent += 1) {
      const samples = trace.splice(0, 33);
      act(() => {
        socket.serverEmit('patient:ecg', { patientId, deviceId, sampleRate: 130, samples, seq: seq++ });
        vi.advanceTimersByTime(250);
      });
    }
  };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

describe('EkgDisplay', () => {
  it('says plainly that no device is streaming, and draws no trace, when none sends one', () => {
    renderTool(<EkgDisplay stream={null} />);
    expect(screen.getByTestId('ekg-no-device').textContent).toBe(NO_DEVICE);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('ekg-heart-rate')).toBeNull();
  });

  it("draws the patient's device as it streams, with the heart rate its beats give, and says so again once it stops", () => {
    const socket = fakeSocket();
    renderLive(socket);
    expect(screen.getByTestId('ekg-no-device').textContent).toBe(NO_DEVICE);

    const send = streamer(socket);
    send(0.5);
    expect(screen.queryByTestId('ekg-no-device')).toBeNull();
    expect(screen.getByRole('img', { name: 'EKG waveform' })).toBeTruthy();
    expect(screen.getByText("Live from the patient's device")).toBeTruthy();
    // Half a second holds no three beats yet.
    expect(screen.getByTestId('ekg-heart-rate').textContent).toBe('Heart rate: Counting beats…');

    send(4);
    expect(screen.getByTestId('ekg-heart-rate').textContent).toBe('Heart rate: 72 bpm');
    // Four seconds of samples across the display, the oldest scrolled off.
    expect(screen.getByTestId('ekg-trace').dataset.samples).toBe('520');

    // The strap stops (taken off, out of range): after 3 s without a batch, no device is streaming.
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(screen.getByRole('img', { name: 'EKG waveform' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    expect(screen.getByTestId('ekg-no-device').textContent).toBe(NO_DEVICE);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it("shows nothing of another patient's device", () => {
    const socket = fakeSocket();
    renderLive(socket);
    streamer(socket, '9e8d7c6b-5a49-4382-b716-a5f4e3d2c1b0')(2);
    expect(screen.getByTestId('ekg-no-device').textContent).toBe(NO_DEVICE);
  });
});

// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { asPeopleSocket, fakeSocket } from './fake-socket';
import { RealtimeContext, type ConnectionState } from './realtime-context';
import { usePatientWatch } from './use-patient-watch';

const PATIENT_ID = '8e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b22';

/** A socket whose watches the server answers when the test says; the hook mounted on it. */
function watching() {
  const answers: (() => void)[] = [];
  const socket = Object.assign(
    fakeSocket((event, payload) => (event === 'patient:watch' ? new Promise((resolve) => answers.push(() => resolve({ data: payload }))) : { data: payload })),
    { recovered: false },
  );
  const onMissed = vi.fn();
  let state: ConnectionState = 'connected';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RealtimeContext value={{ socket: asPeopleSocket(socket), state }}>{children}</RealtimeContext>
  );
  const view = renderHook(() => usePatientWatch(PATIENT_ID, { onEvent: vi.fn(), onMissed }), { wrapper });
  const watches = () => socket.emitted.filter((sent) => sent.event === 'patient:watch').length;
  return {
    socket,
    onMissed,
    watches,
    /** The connection drops and comes back, recovered or not. */
    reconnect(recovered: boolean) {
      state = 'reconnecting';
      view.rerender();
      socket.recovered = recovered;
      state = 'connected';
      view.rerender();
    },
    /** The server answers the oldest watch not yet answered. */
    answer: () =>
      act(() => {
        answers.shift()?.();
        return Promise.resolve();
      }),
  };
}

describe('watching a patient', () => {
  it('after a reconnection that was not recovered, loads again once the server has answered the watch, not before', async () => {
    const screen = watching();
    expect(screen.watches()).toBe(1);
    await screen.answer();
    expect(screen.onMissed).not.toHaveBeenCalled();

    screen.reconnect(false);
    expect(screen.watches()).toBe(2);
    // Loaded now, an event between the load and the room's join would be in neither.
    await act(() => Promise.resolve());
    expect(screen.onMissed).not.toHaveBeenCalled();
    await screen.answer();
    expect(screen.onMissed).toHaveBeenCalledTimes(1);
  });

  it('loads nothing again after a recovered reconnection: the server replayed what was missed', async () => {
    const screen = watching();
    await screen.answer();
    screen.reconnect(true);
    expect(screen.watches()).toBe(2);
    await screen.answer();
    expect(screen.onMissed).not.toHaveBeenCalled();
  });
});

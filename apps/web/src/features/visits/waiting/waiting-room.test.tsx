// @vitest-environment happy-dom
import type { VisitSession } from '@opencare/schemas/entities/visits';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeSocket } from '../../../realtime/fake-socket';
import type { PeopleSocket } from '../../../realtime/realtime-context';
import { Providers } from '../../../testing/render-app';
import { visit } from '../../appointments/testing/fixtures';
import { WaitingScreen } from './waiting-room';

const theVisit = visit();
const session = (): VisitSession => ({
  visit: theVisit,
  self: { accountId: null, fullName: 'Pat Morgan', role: 'patient', guestRole: null, deviceId: 'device-0001', joinedAt: theVisit.appointment.startsAt, admitted: false },
  participants: [],
  call: null,
  waiting: { place: 2, runningLateMinutes: null },
  timing: { joinEarlyMinutes: 10, endWarningMinutes: 5, stayOrLeaveSeconds: 60 },
});

function open(socket: ReturnType<typeof fakeSocket>, onAdmitted = vi.fn(), onLeave = vi.fn(() => Promise.resolve())) {
  render(
    <Providers session={{ status: 'signed-out' }}>
      <WaitingScreen
        socket={socket as unknown as PeopleSocket}
        session={session()}
        waiting={{ place: 2, runningLateMinutes: null }}
        deviceId="device-0001"
        onAdmitted={onAdmitted}
        onLeave={onLeave}
      />
    </Providers>,
  );
  return { onAdmitted, onLeave };
}

describe('the waiting room', () => {
  it('enters the waiting room, shows the place and the delay as they change, and starts the call when let in', async () => {
    const socket = fakeSocket(() => ({ data: { participants: [], inRoom: [], messages: [], ownMessageIds: [], waiting: { place: 2, runningLateMinutes: null } } }));
    const { onAdmitted } = open(socket);
    act(() => socket.serverEmit('connect'));
    expect(socket.emitted).toEqual([{ event: 'visit:enter', payload: { visitId: theVisit.id, deviceId: 'device-0001' } }]);
    expect((await screen.findByTestId('waiting-place')).textContent).toBe('You are number 2 in line.');
    expect(screen.queryByTestId('waiting-late')).toBeNull();

    act(() => socket.serverEmit('visit:waiting', { visitId: theVisit.id, place: 1, runningLateMinutes: 10 }));
    expect(screen.getByTestId('waiting-place').textContent).toBe('You are next.');
    expect(screen.getByTestId('waiting-late').textContent).toContain('running about 10 minutes late');

    // Another device's admission is not this one's.
    act(() => socket.serverEmit('visit:admitted', { visitId: theVisit.id, deviceId: 'device-9999' }));
    expect(onAdmitted).not.toHaveBeenCalled();
    act(() => socket.serverEmit('visit:admitted', { visitId: theVisit.id, deviceId: 'device-0001' }));
    expect(onAdmitted).toHaveBeenCalledTimes(1);
  });

  it('says so when the visit ends while waiting', async () => {
    const socket = fakeSocket(() => ({ data: { participants: [], inRoom: [], messages: [], ownMessageIds: [], waiting: { place: 1, runningLateMinutes: null } } }));
    open(socket);
    act(() => socket.serverEmit('visit:status', { visitId: theVisit.id, status: 'ic', startedAt: null, endedAt: new Date().toISOString() }));
    expect((await screen.findByTestId('waiting-ended')).textContent).toContain('This visit has ended.');
  });

  it('leaves the waiting room on request', () => {
    const { onLeave } = open(fakeSocket());
    fireEvent.click(screen.getByTestId('leave-waiting-room'));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });
});

import type { User } from '@opencare/schemas/entities/user';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { Providers } from '../testing/render-app';
import { sessionStore } from '../session/session-store';
import type { SessionState } from '../session/session-context';
import { emitWithAck } from './emit-with-ack';
import { asPeopleSocket, fakeSocket, type FakeSocket } from './fake-socket';
import type { HandshakeAuth } from './realtime-provider';
import { RealtimeProvider } from './realtime-provider';
import { useConnectionState, useSocket, useSocketEvent } from './use-realtime';

const account = { id: '00000000-0000-4000-8000-00000000000a' };
const signedIn = {
  status: 'signed-in',
  user: { id: 'u' } as unknown as User,
  account,
} as unknown as SessionState;

function Probe({ onRevoked }: { onRevoked?: (reason: string) => void }) {
  const socket = useSocket();
  const state = useConnectionState();
  useSocketEvent('session:revoked', ({ reason }) => onRevoked?.(reason));
  return <p>{`${state} ${socket ? 'socket' : 'none'}`}</p>;
}

function mount(session: SessionState, refresh = vi.fn(() => Promise.resolve())) {
  const sockets: FakeSocket[] = [];
  const auths: HandshakeAuth[] = [];
  const connect = vi.fn((auth: HandshakeAuth) => {
    const fake = fakeSocket();
    sockets.push(fake);
    auths.push(auth);
    return asPeopleSocket(fake);
  });
  const onRevoked = vi.fn();
  const tree = (s: SessionState) => (
    <Providers session={s}>
      <RealtimeProvider connect={connect} refresh={refresh}>
        <Probe onRevoked={onRevoked} />
      </RealtimeProvider>
    </Providers>
  );
  const view = render(tree(session));
  return {
    sockets,
    auths,
    connect,
    refresh,
    onRevoked,
    rerender: (s: SessionState) => view.rerender(tree(s)),
  };
}

describe('RealtimeProvider', () => {
  it('connects when signed in, with the current token and the account acted as', () => {
    sessionStore.accessToken.set('token-1');
    const { sockets, auths } = mount(signedIn);
    expect(screen.getByText('connecting socket')).toBeTruthy();
    const sent = vi.fn();
    auths[0]?.(sent);
    expect(sent).toHaveBeenCalledWith({ token: 'token-1', accountId: account.id });

    act(() => sockets[0]?.serverEmit('connect'));
    expect(screen.getByText('connected socket')).toBeTruthy();

    // A reconnection reads the token again: a refreshed one is sent.
    sessionStore.accessToken.set('token-2');
    auths[0]?.(sent);
    expect(sent).toHaveBeenLastCalledWith({ token: 'token-2', accountId: account.id });
  });

  it('opens no socket while signed out, and closes it on sign-out', () => {
    const { sockets, connect, rerender } = mount({ status: 'signed-out' });
    expect(connect).not.toHaveBeenCalled();
    expect(screen.getByText('idle none')).toBeTruthy();

    rerender(signedIn);
    act(() => sockets[0]?.serverEmit('connect'));
    rerender({ status: 'signed-out' });
    expect(sockets[0]?.disconnectCalls).toBe(1);
    expect(screen.getByText('idle none')).toBeTruthy();
  });

  it('refreshes an expired token once, then connects again', async () => {
    const { sockets, refresh } = mount(signedIn);
    const socket = sockets[0] as FakeSocket;
    socket.active = false; // the handshake was refused: Socket.IO does not retry by itself
    await act(async () => {
      socket.serverEmit('connect_error', new Error('tokenExpired'));
      await Promise.resolve();
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(socket.connectCalls).toBe(1);

    // Refused again right after a refresh: no loop.
    socket.active = false;
    await act(async () => {
      socket.serverEmit('connect_error', new Error('tokenExpired'));
      await Promise.resolve();
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('idle socket')).toBeTruthy();
  });

  it('shows a dropped connection as reconnecting, and hands server events to subscribers', () => {
    const { sockets, onRevoked, refresh } = mount(signedIn);
    const socket = sockets[0] as FakeSocket;
    act(() => socket.serverEmit('connect'));
    act(() => socket.serverEmit('disconnect', 'transport close'));
    expect(screen.getByText('reconnecting socket')).toBeTruthy();

    act(() => socket.serverEmit('session:revoked', { reason: 'signedOut' }));
    expect(onRevoked).toHaveBeenCalledWith('signedOut');
    expect(refresh).toHaveBeenCalled();
  });
});

describe('emitWithAck', () => {
  const patientId = '00000000-0000-4000-8000-0000000000bb';

  it('resolves with the data of the acknowledgement', async () => {
    const socket = fakeSocket(() => ({ data: { patientId } }));
    await expect(emitWithAck(asPeopleSocket(socket), 'patient:watch', { patientId })).resolves.toEqual({
      patientId,
    });
    expect(socket.emitted).toEqual([{ event: 'patient:watch', payload: { patientId } }]);
  });

  it('rejects with an ApiError carrying the catalogue key of a refusal', async () => {
    const socket = fakeSocket(() => ({ error: 'err_forbidden', message: 'No.' }));
    const error = await emitWithAck(asPeopleSocket(socket), 'patient:watch', { patientId }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ key: 'err_forbidden', status: 403, message: 'No.' });
  });

  it('rejects with a network error when no acknowledgement comes in time', async () => {
    const socket = fakeSocket(() => new Error('operation has timed out'));
    await expect(emitWithAck(asPeopleSocket(socket), 'patient:watch', { patientId })).rejects.toMatchObject({
      key: 'err_network',
    });
  });
});

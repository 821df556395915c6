import type { PeopleSocket } from './realtime-context';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for the people socket in component tests: `serverEmit` plays an event from the
 * server, `answer` decides what the server acknowledges, `emitted` records what the client sent.
 */
export function fakeSocket(answer: (event: string, payload: unknown) => unknown = () => ({ data: {} })) {
  const listeners = new Map<string, Set<Listener>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const fake = {
    active: true,
    connected: false,
    connectCalls: 0,
    disconnectCalls: 0,
    emitted,
    on(event: string, fn: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(fn);
      return fake;
    },
    off(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
      return fake;
    },
    removeAllListeners() {
      listeners.clear();
      return fake;
    },
    connect() {
      fake.connectCalls += 1;
      fake.active = true;
      return fake;
    },
    disconnect() {
      fake.disconnectCalls += 1;
      fake.active = false;
      fake.connected = false;
      return fake;
    },
    timeout() {
      return fake;
    },
    emitWithAck(event: string, payload: unknown) {
      emitted.push({ event, payload });
      const result = answer(event, payload);
      return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
    },
    emit(event: string, payload: unknown) {
      emitted.push({ event, payload });
      return fake;
    },
    /** Play an event as if the server (or the socket itself: connect, disconnect) raised it. */
    serverEmit(event: string, ...args: unknown[]) {
      if (event === 'connect') fake.connected = true;
      for (const fn of [...(listeners.get(event) ?? [])]) fn(...args);
    },
    listenerCount(event: string) {
      return listeners.get(event)?.size ?? 0;
    },
  };
  return fake;
}

export type FakeSocket = ReturnType<typeof fakeSocket>;

export const asPeopleSocket = (fake: FakeSocket) => fake as unknown as PeopleSocket;

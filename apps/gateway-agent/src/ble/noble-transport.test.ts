import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createNobleTransport, type NobleLike } from './noble-transport';
import { TransportError } from './transport';

/*
 * Real adapters cannot be exercised here (no HCI socket): these cover what happens before any radio
 * work, which is what a gateway without usable Bluetooth meets. The adapter stand-in only reports a
 * state; it is noble's surface, not ours.
 */

function adapter(state: string): NobleLike {
  const emitter = new EventEmitter();
  return Object.assign(emitter, {
    state,
    startScanningAsync: () => Promise.resolve(),
    stopScanningAsync: () => Promise.resolve(),
  });
}

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

describe('noble transport', () => {
  it('is bluetoothUnsupported when noble cannot load (no binding, no HCI socket)', async () => {
    const error = await failure(createNobleTransport({ load: () => Promise.reject(new Error('EAFNOSUPPORT')) }));
    expect(error.key).toBe('bluetoothUnsupported');
    expect(error.message).toBe('Bluetooth is not supported on this device.');
  });

  it('is bluetoothOff when the adapter is powered off', async () => {
    expect((await failure(createNobleTransport({ load: () => Promise.resolve(adapter('poweredOff')) }))).key).toBe('bluetoothOff');
  });

  it('is bluetoothUnsupported when the adapter is unsupported or unauthorized', async () => {
    for (const state of ['unsupported', 'unauthorized']) {
      const error = await failure(createNobleTransport({ load: () => Promise.resolve(adapter(state)) }));
      expect(error.key).toBe('bluetoothUnsupported');
    }
  });

  it('waits for the adapter to settle, and gives up after its timeout', async () => {
    const slow = adapter('unknown');
    setTimeout(() => {
      (slow as unknown as { state: string }).state = 'poweredOff';
      (slow as unknown as EventEmitter).emit('stateChange', 'poweredOff');
    }, 5);
    expect((await failure(createNobleTransport({ load: () => Promise.resolve(slow), stateTimeoutMs: 1000 }))).key).toBe('bluetoothOff');
    const stuck = await failure(createNobleTransport({ load: () => Promise.resolve(adapter('unknown')), stateTimeoutMs: 10 }));
    expect(stuck.key).toBe('bluetoothUnsupported');
  });

  it('opens when the adapter is powered on', async () => {
    const transport = await createNobleTransport({ load: () => Promise.resolve(adapter('poweredOn')) });
    expect(transport.kind).toBe('noble');
    expect(await transport.scan(0)).toEqual([]);
    await transport.close();
  });
});

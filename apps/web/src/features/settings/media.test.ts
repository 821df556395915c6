// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { openStream } from './media';

afterEach(() => vi.unstubAllGlobals());

const keyOf = async (promise: Promise<unknown>) => {
  const error: unknown = await promise.catch((e: unknown) => e);
  return error instanceof ApiError ? error.key : error;
};

describe('openStream', () => {
  it('says mediaDevicesNotSupported when the browser has no media devices', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    expect(await keyOf(openStream('audio', undefined))).toBe('mediaDevicesNotSupported');
  });

  it('says invalidMediaStream when the result is not a MediaStream', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => Promise.resolve({}) } });
    expect(await keyOf(openStream('video', 'camera-1'))).toBe('invalidMediaStream');
  });

  it('names the usual refusals by their catalogue keys', async () => {
    const refuse = (name: string) =>
      vi.stubGlobal('navigator', {
        ...navigator,
        mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('no', name)) },
      });
    refuse('NotAllowedError');
    expect(await keyOf(openStream('audio', undefined))).toBe('mediaPermissionDenied');
    refuse('NotFoundError');
    expect(await keyOf(openStream('video', undefined))).toBe('noCamera');
    refuse('NotReadableError');
    expect(await keyOf(openStream('audio', undefined))).toBe('deviceInUse');
  });

  it('asks for the chosen device as a preference, not a demand', async () => {
    const getUserMedia = vi.fn(() => Promise.resolve(new MediaStream()));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    await openStream('video', 'camera-1');
    expect(getUserMedia).toHaveBeenCalledWith({ video: { deviceId: 'camera-1' } });
  });
});

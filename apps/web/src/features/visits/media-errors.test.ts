import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessageOf } from '../../api/error-message';
import { mediaErrorKey, openCameraAndMicrophone } from './media-errors';

const named = (name: string) => new DOMException('failed', name);

describe('media errors (spec §8)', () => {
  afterEach(() => i18next.changeLanguage('en-US'));

  it('map the standard DOMException names to catalogue keys', () => {
    expect(mediaErrorKey(named('NotAllowedError'))).toBe('mediaPermissionDenied');
    expect(mediaErrorKey(named('SecurityError'))).toBe('mediaPermissionDenied');
    expect(mediaErrorKey(named('NotFoundError'), 'camera')).toBe('noCamera');
    expect(mediaErrorKey(named('NotFoundError'), 'microphone')).toBe('noMicrophone');
    expect(mediaErrorKey(named('NotFoundError'), 'speaker')).toBe('noSpeakers');
    expect(mediaErrorKey(named('OverconstrainedError'), 'secondaryCamera')).toBe('secondaryCameraNotFound');
    expect(mediaErrorKey(named('NotReadableError'))).toBe('deviceInUse');
    expect(mediaErrorKey(named('AbortError'))).toBe('deviceInUse');
    expect(mediaErrorKey(named('NotSupportedError'))).toBe('mediaDevicesNotSupported');
    expect(mediaErrorKey(named('NotSupportedError'), 'screen')).toBe('screenShareUnsupported');
    expect(mediaErrorKey(named('InvalidStateError'))).toBe('invalidMediaStream');
    expect(mediaErrorKey(new Error('odd'))).toBe('unknown');
  });

  it('without navigator.mediaDevices the browser is said not to support media devices', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const failure = await openCameraAndMicrophone().catch((error: unknown) => error);
    expect(errorMessageOf(i18next.t.bind(i18next), failure)).toBe(
      'This browser cannot use a camera or microphone. Open the visit in an up-to-date Chrome, Edge, Firefox or Safari.',
    );
  });

  it('a refused permission is shown in the reader’s language', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(named('NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const failure = await openCameraAndMicrophone().catch((error: unknown) => error);
    await i18next.changeLanguage('es');
    expect(errorMessageOf(i18next.t.bind(i18next), failure)).toBe(i18next.t('errors.mediaPermissionDenied'));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('without a camera the microphone alone is used', async () => {
    const audioOnly = { id: 'audio' } as MediaStream;
    const getUserMedia = vi.fn((constraints: MediaStreamConstraints) =>
      constraints.video ? Promise.reject(named('NotFoundError')) : Promise.resolve(audioOnly),
    );
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    await expect(openCameraAndMicrophone()).resolves.toBe(audioOnly);
  });

  it('without camera or microphone it says no camera was found', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(named('NotFoundError')) },
    });
    const failure = await openCameraAndMicrophone().catch((error: unknown) => error);
    expect(errorMessageOf(i18next.t.bind(i18next), failure)).toBe('No camera was found.');
  });
});

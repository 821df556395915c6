import { describe, expect, it } from 'vitest';
import { SPC_DEFAULTS, isSpcCamera } from './spc-camera';

describe('isSpcCamera', () => {
  it('matches a camera whose label names the SPC Camera, however cased', () => {
    expect(isSpcCamera('SPC Camera')).toBe(true);
    expect(isSpcCamera('USB SPC Camera (0c45:6366)')).toBe(true);
    expect(isSpcCamera('spc camera')).toBe(true);
  });

  it('does not match other cameras or a missing label', () => {
    expect(isSpcCamera('FaceTime HD Camera')).toBe(false);
    expect(isSpcCamera('SPC')).toBe(false);
    expect(isSpcCamera('')).toBe(false);
    expect(isSpcCamera(undefined)).toBe(false);
  });

  it('starts the special camera tools with font size 6 in red (spec §3)', () => {
    expect(SPC_DEFAULTS).toMatchObject({ fontSize: 6, fontColor: 'red', zoom: 1, snapshotEditor: false });
  });
});

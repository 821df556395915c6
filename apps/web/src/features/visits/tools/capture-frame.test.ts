import { describe, expect, it } from 'vitest';
import { frameSize } from './capture-frame';

describe('frameSize', () => {
  it("is the video's own size once it has one", () => {
    expect(frameSize({ videoWidth: 1280, videoHeight: 720 })).toEqual({ width: 1280, height: 720 });
  });

  it('is the default call canvas, 640×480, before the video has a size', () => {
    expect(frameSize({ videoWidth: 0, videoHeight: 0 })).toEqual({ width: 640, height: 480 });
  });
});

import { describe, expect, it } from 'vitest';
import { frameSize, isBlankFrame } from './capture-frame';

/** A synthetic frame: every pixel from `shade(x, y)` (grey levels 0–255), fully opaque. */
function frame(width: number, height: number, shade: (x: number, y: number) => number) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const value = shade(x, y);
      data.set([value, value, value, 255], i);
    }
  return { data, width, height };
}

describe('frameSize', () => {
  it("is the video's own size once it has one", () => {
    expect(frameSize({ videoWidth: 1280, videoHeight: 720 })).toEqual({ width: 1280, height: 720 });
  });

  it('is the default call canvas, 640×480, before the video has a size', () => {
    expect(frameSize({ videoWidth: 0, videoHeight: 0 })).toEqual({ width: 640, height: 480 });
  });
});

describe('isBlankFrame', () => {
  it('finds a black frame (a camera turned off) blank, with or without a little sensor noise', () => {
    expect(isBlankFrame(frame(320, 240, () => 0))).toBe(true);
    expect(isBlankFrame(frame(320, 240, (x, y) => (x * 7 + y * 13) % 5))).toBe(true);
    expect(isBlankFrame(frame(0, 0, () => 0))).toBe(true);
  });

  it('keeps a real picture, even a dark one with detail', () => {
    expect(isBlankFrame(frame(320, 240, (x) => Math.round((x / 319) * 255)))).toBe(false);
    // A dim room: dark on average, but with a lit spot.
    expect(isBlankFrame(frame(320, 240, (x, y) => (Math.hypot(x - 160, y - 120) < 40 ? 120 : 4)))).toBe(false);
    expect(isBlankFrame(frame(320, 240, () => 128))).toBe(false);
  });
});

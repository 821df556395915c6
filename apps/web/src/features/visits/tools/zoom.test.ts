import { describe, expect, it } from 'vitest';
import { CSS_ZOOM, trackZoomRange, zoomStep } from './zoom';

const trackWith = (capabilities: object) =>
  ({ getCapabilities: () => capabilities }) as unknown as MediaStreamTrack;

describe('zoom steps', () => {
  it('zooms the screen in half steps from 1× to 4× and no further', () => {
    const levels = [1];
    for (let i = 0; i < 8; i += 1) levels.push(zoomStep(levels.at(-1) ?? 1, 1));
    expect(levels).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4, 4]);
    expect(zoomStep(1, -1)).toBe(1);
    expect(zoomStep(2.5, -1)).toBe(2);
  });

  it("moves across a camera's own range in eighths, on the camera's step", () => {
    const range = { min: 100, max: 500, step: 1 };
    expect(zoomStep(100, 1, range)).toBe(150);
    expect(zoomStep(480, 1, range)).toBe(500);
    expect(zoomStep(120, -1, range)).toBe(100);
    // A coarse camera step wins over the eighth.
    expect(zoomStep(1, 1, { min: 1, max: 2, step: 0.5 })).toBe(1.5);
  });

  it("reads a camera's zoom range from its track, or none", () => {
    expect(trackZoomRange(trackWith({ zoom: { min: 1, max: 5, step: 0.1 } }))).toEqual({
      min: 1,
      max: 5,
      step: 0.1,
    });
    expect(trackZoomRange(trackWith({}))).toBeNull();
    expect(trackZoomRange(trackWith({ zoom: { min: 1, max: 1 } }))).toBeNull();
    expect(trackZoomRange(undefined)).toBeNull();
    expect(CSS_ZOOM).toEqual({ min: 1, max: 4, step: 0.5 });
  });
});

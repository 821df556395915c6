import { describe, expect, it } from 'vitest';
import { cropInPixels, isUsableCrop, rectFromDrag } from './crop-rect';

describe('crop rectangle', () => {
  it('is the same rectangle whichever way the drag goes', () => {
    const down = rectFromDrag({ x: 0.2, y: 0.3 }, { x: 0.6, y: 0.8 });
    const up = rectFromDrag({ x: 0.6, y: 0.8 }, { x: 0.2, y: 0.3 });
    expect(up).toEqual(down);
    expect(down.x).toBeCloseTo(0.2);
    expect(down.y).toBeCloseTo(0.3);
    expect(down.width).toBeCloseTo(0.4);
    expect(down.height).toBeCloseTo(0.5);
  });

  it('stays inside the picture when the drag leaves it', () => {
    expect(rectFromDrag({ x: 0.5, y: 0.5 }, { x: 1.4, y: -0.3 })).toEqual({
      x: 0.5,
      y: 0,
      width: 0.5,
      height: 0.5,
    });
  });

  it('ignores a click or a sliver', () => {
    expect(isUsableCrop(null)).toBe(false);
    expect(isUsableCrop(rectFromDrag({ x: 0.5, y: 0.5 }, { x: 0.5, y: 0.5 }))).toBe(false);
    expect(isUsableCrop(rectFromDrag({ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.11 }))).toBe(false);
    expect(isUsableCrop(rectFromDrag({ x: 0.1, y: 0.1 }, { x: 0.5, y: 0.5 }))).toBe(true);
  });

  it('converts to whole pixels of the picture, never past its edge', () => {
    expect(cropInPixels({ x: 0.25, y: 0.5, width: 0.5, height: 0.5 }, 640, 480)).toEqual({
      x: 160,
      y: 240,
      width: 320,
      height: 240,
    });
    expect(cropInPixels({ x: 0.999, y: 0.999, width: 0.5, height: 0.5 }, 640, 480)).toEqual({
      x: 639,
      y: 479,
      width: 1,
      height: 1,
    });
  });
});

import type { Point } from './drawing-data';

/** A rectangle in fractions (0–1) of an image: where the user dragged, whatever size it is shown at. */
export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A crop smaller than this (of either side) is a slip of the pointer, not a choice. */
export const MIN_CROP = 0.02;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The rectangle between where a drag began and where it is now, in any direction, kept inside the image. */
export function rectFromDrag(start: Point, end: Point): CropRect {
  const x1 = clamp01(Math.min(start.x, end.x));
  const y1 = clamp01(Math.min(start.y, end.y));
  const x2 = clamp01(Math.max(start.x, end.x));
  const y2 = clamp01(Math.max(start.y, end.y));
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

export function isUsableCrop(rect: CropRect | null): rect is CropRect {
  return rect !== null && rect.width >= MIN_CROP && rect.height >= MIN_CROP;
}

/** The crop in the image's own pixels (whole pixels, at least one, never past the edge). */
export function cropInPixels(rect: CropRect, imageWidth: number, imageHeight: number) {
  const x = Math.floor(rect.x * imageWidth);
  const y = Math.floor(rect.y * imageHeight);
  return {
    x,
    y,
    width: Math.max(1, Math.min(imageWidth - x, Math.round(rect.width * imageWidth))),
    height: Math.max(1, Math.min(imageHeight - y, Math.round(rect.height * imageHeight))),
  };
}

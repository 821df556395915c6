/**
 * Drawing over the video (spec §3 "drawing data"): strokes kept as data, not pixels, so they are
 * drawn again at any size. Points are fractions (0–1) of the surface, so a stroke stays on the
 * same spot of the picture when the window, and the video with it, is resized.
 */
export interface Point {
  x: number;
  y: number;
}

export interface Stroke {
  /** The device that drew it (its undo takes back its own last line, not someone else's). */
  by?: string;
  color: string;
  /** Line width in CSS pixels. */
  width: number;
  points: Point[];
}

export interface DrawingData {
  strokes: Stroke[];
}

export const EMPTY_DRAWING: DrawingData = { strokes: [] };
export const PEN_WIDTH = 4;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A pointer position (client coordinates) as a point of the surface's box. */
export function toSurfacePoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): Point {
  return {
    x: box.width > 0 ? clamp01((clientX - box.left) / box.width) : 0,
    y: box.height > 0 ? clamp01((clientY - box.top) / box.height) : 0,
  };
}

/** Takes back the last line a device drew, leaving the others' lines. */
export function undoStrokeBy(data: DrawingData, by: string): DrawingData {
  const index = data.strokes.findLastIndex((stroke) => stroke.by === by);
  return index < 0 ? data : { strokes: data.strokes.filter((_, i) => i !== index) };
}

/** At most `max` points, spread evenly along the stroke and keeping both ends (a long stroke is sent whole). */
export function thinPoints(points: readonly Point[], max: number): Point[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as Point);
}

/**
 * Where the picture lies in a tile (CSS pixels, from the tile's top-left): a video shown with
 * `cover` overflows the tile, with `contain` sits inside it. A drawing lies over the picture, not
 * the tile, so a line lands on the same spot of the picture on screens of any shape.
 */
export function pictureBox(
  tile: { width: number; height: number },
  picture: { width: number; height: number } | null,
  fit: 'cover' | 'contain',
): { left: number; top: number; width: number; height: number } {
  if (!picture || picture.width <= 0 || picture.height <= 0 || tile.width <= 0 || tile.height <= 0)
    return { left: 0, top: 0, width: tile.width, height: tile.height };
  const scales = [tile.width / picture.width, tile.height / picture.height];
  const scale = fit === 'cover' ? Math.max(...scales) : Math.min(...scales);
  const width = picture.width * scale;
  const height = picture.height * scale;
  return { left: (tile.width - width) / 2, top: (tile.height - height) / 2, width, height };
}

/** Draws strokes on a context whose drawing area is width × height (CSS pixels). */
export function drawStrokes(
  context: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  width: number,
  height: number,
): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of strokes) {
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    context.strokeStyle = stroke.color;
    context.fillStyle = stroke.color;
    context.lineWidth = stroke.width;
    if (rest.length === 0) {
      // A tap leaves a dot.
      context.beginPath();
      context.arc(first.x * width, first.y * height, stroke.width / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.beginPath();
    context.moveTo(first.x * width, first.y * height);
    for (const point of rest) context.lineTo(point.x * width, point.y * height);
    context.stroke();
  }
}

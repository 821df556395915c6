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

export function startStroke(data: DrawingData, point: Point, color: string, width = PEN_WIDTH): DrawingData {
  return { strokes: [...data.strokes, { color, width, points: [point] }] };
}

/** Adds a point to the stroke being drawn (the last one). */
export function extendStroke(data: DrawingData, point: Point): DrawingData {
  const last = data.strokes.at(-1);
  if (!last) return data;
  return { strokes: [...data.strokes.slice(0, -1), { ...last, points: [...last.points, point] }] };
}

export function undoStroke(data: DrawingData): DrawingData {
  return { strokes: data.strokes.slice(0, -1) };
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

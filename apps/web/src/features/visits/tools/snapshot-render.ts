import { cropInPixels, type CropRect } from './crop-rect';
import type { Mark } from './snapshot-state';

/** Draws the marks on a context showing the picture at width × height pixels. */
export function drawMarks(
  context: CanvasRenderingContext2D,
  marks: readonly Mark[],
  width: number,
  height: number,
): void {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const mark of marks) {
    context.strokeStyle = mark.color;
    context.fillStyle = mark.color;
    if (mark.kind === 'text') {
      const size = Math.max(8, Math.round((mark.size / 100) * height));
      context.font = `bold ${size}px sans-serif`;
      context.textBaseline = 'middle';
      // A dark outline keeps a label readable on a light or a dark picture.
      context.lineWidth = Math.max(2, size / 8);
      context.strokeStyle = 'rgba(0, 0, 0, 0.6)';
      context.strokeText(mark.text, mark.at.x * width, mark.at.y * height);
      context.fillText(mark.text, mark.at.x * width, mark.at.y * height);
      continue;
    }
    const [first, ...rest] = mark.points;
    if (!first) continue;
    const lineWidth = Math.max(1, mark.width * width);
    context.lineWidth = lineWidth;
    context.beginPath();
    if (rest.length === 0) {
      context.arc(first.x * width, first.y * height, lineWidth / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    context.moveTo(first.x * width, first.y * height);
    for (const point of rest) context.lineTo(point.x * width, point.y * height);
    context.stroke();
  }
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = src;
  return image.decode().then(() => image);
}

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw Object.assign(new Error('invalidMediaStream'), { key: 'invalidMediaStream' });
  return { canvas, context };
}

/** The picture with its marks drawn in, at its own size. */
export function flatten(image: HTMLImageElement, marks: readonly Mark[]): HTMLCanvasElement {
  const { canvas, context } = canvasOf(image.naturalWidth, image.naturalHeight);
  context.drawImage(image, 0, 0);
  drawMarks(context, marks, canvas.width, canvas.height);
  return canvas;
}

/** The part of the (flattened) picture inside the crop, as a PNG data URL. */
export function cropImage(image: HTMLImageElement, marks: readonly Mark[], rect: CropRect): string {
  const whole = flatten(image, marks);
  const area = cropInPixels(rect, whole.width, whole.height);
  const { canvas, context } = canvasOf(area.width, area.height);
  context.drawImage(whole, area.x, area.y, area.width, area.height, 0, 0, area.width, area.height);
  return canvas.toDataURL('image/png');
}

// Saved pictures are JPEG: a full-HD frame is a few hundred KB instead of a few MB as PNG, well
// inside the server's 4 MB limit; the longest side is kept to what a screen shows.
const MAX_SIDE = 1920;
const QUALITY = 0.9;

/** The finished picture as a JPEG, ready to upload (base64) or download (data URL). */
export function exportJpeg(
  image: HTMLImageElement,
  marks: readonly Mark[],
): { dataUrl: string; data: string } {
  const whole = flatten(image, marks);
  const scale = Math.min(1, MAX_SIDE / Math.max(whole.width, whole.height));
  const { canvas, context } = canvasOf(Math.round(whole.width * scale), Math.round(whole.height * scale));
  context.drawImage(whole, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL('image/jpeg', QUALITY);
  return { dataUrl, data: dataUrl.slice(dataUrl.indexOf(',') + 1) };
}

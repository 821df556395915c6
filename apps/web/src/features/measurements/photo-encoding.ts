/** A photo ready to upload: a JPEG, as base64 for the JSON body and as a data: URL to show. */
export interface Photo {
  dataUrl: string;
  contentType: 'image/jpeg';
  data: string;
}

// Enough to see a wound or a rash clearly, and a few hundred KB instead of a phone camera's 5–10 MB.
const MAX_SIDE = 1600;
const QUALITY = 0.85;

/** Draws a video frame or a decoded image, scaled down, into a JPEG. */
export function encodePhoto(source: CanvasImageSource, width: number, height: number): Photo {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height, 1));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('invalidMediaStream');
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL('image/jpeg', QUALITY);
  return { dataUrl, contentType: 'image/jpeg', data: dataUrl.slice(dataUrl.indexOf(',') + 1) };
}

export const ACCEPTED_IMAGES = ['image/jpeg', 'image/png'];

/** An uploaded JPEG or PNG, re-encoded the same way (which also drops its location metadata). */
export async function photoFromFile(file: File): Promise<Photo> {
  if (!ACCEPTED_IMAGES.includes(file.type)) throw new Error('wrongType');
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return encodePhoto(image, image.naturalWidth, image.naturalHeight);
  } finally {
    URL.revokeObjectURL(url);
  }
}

import { z } from 'zod';
import { optionalText, requiredOr } from '../rules';
import { IMAGE_CONTENT_TYPES } from './measurements';

/**
 * `POST /visits/{id}/captures`: a snapshot a clinician took (and maybe annotated or cropped) during a
 * video visit, saved to the patient's record as a camera measurement. The image comes inline as
 * base64, like `POST /files` (the API reads JSON only). Its size is checked by the service, so an
 * image over FILE_MAX_BYTES is a 413 whether or not it fits the route's body limit.
 */
export const saveVisitCaptureInputSchema = z.strictObject({
  contentType: z.enum(IMAGE_CONTENT_TYPES, 'Upload a JPEG or PNG image.'),
  data: z
    .string({ error: requiredOr('The image must be base64 text.') })
    .regex(/^[A-Za-z0-9+/]+=*$/, 'The image must be base64 text.'),
  /** The clinician's caption; it becomes the measurement's note. */
  caption: optionalText('Caption', 500),
});
export type SaveVisitCaptureInput = z.infer<typeof saveVisitCaptureInputSchema>;

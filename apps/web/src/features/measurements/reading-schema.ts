import { createMeasurementInputSchema, fieldsOf, MEASUREMENT_TYPES } from '@opencare/schemas/entities/measurements';
import { z } from 'zod';
import type { FieldInputs } from './measurement-values';
import type { Photo } from './photo-encoding';

/**
 * The camera reading as the form checks it before sending: the shared schema's (the union's camera
 * option: omitting `fileId` compiles on no other) with the photo in place of its file id, which the
 * upload on send gives it; the server then checks the whole reading.
 */
export const photoReadingSchema = createMeasurementInputSchema.options[6]
  .omit({ fileId: true })
  .extend({ photo: z.custom<Photo>((photo) => photo !== null && photo !== undefined, 'Take or upload a photo first.') });

/** Every type's number fields, empty: a server message about a value finds its field whatever the type. */
export const BLANK_INPUTS: FieldInputs = Object.fromEntries(
  MEASUREMENT_TYPES.flatMap((type) => fieldsOf(type).map(([field]) => [field, ''])),
);

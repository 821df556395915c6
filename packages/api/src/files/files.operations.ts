import { FILE_MAX_BYTES, fileContentSchema, storedFileSchema, uploadFileInputSchema } from '@opencare/schemas/entities/measurements';
import { byIdSchema } from '../operations/common-inputs';
import { operation, operations } from '../operations/operation';
import { getPhoto, uploadPhoto } from './photos.service';

/** Measurement photos: base64 inside JSON, so the upload reads a larger body than other routes. */
export const filesOperations = operations('files', {
  upload: operation({
    type: 'mutation',
    summary: 'A photo of a reading, by the patient.',
    access: { guard: 'authed', policy: 'patientSelf' },
    input: uploadFileInputSchema,
    output: storedFileSchema,
    rest: [{ method: 'POST', path: '/files', input: 'body', status: 201, message: 'Photo saved.', bodyLimit: Math.ceil(FILE_MAX_BYTES * 1.4) }],
    handler: ({ deps, actor, meta }, input) => uploadPhoto(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'A photo with its content (a data: URL).',
    access: { guard: 'authed', policy: 'patientRead', kind: 'file' },
    input: byIdSchema,
    output: fileContentSchema,
    rest: [{ method: 'GET', path: '/files/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getPhoto(deps, actor, meta, input.id),
  }),
});

import { FILE_MAX_BYTES } from '@opencare/schemas/entities/measurements';
import { saveVisitCaptureInputSchema } from '@opencare/schemas/entities/visit-captures';
import { uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { saveVisitCapture } from '../../visits/visit-captures.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/** Snapshots of a video visit saved to the patient's record (the visit screen's capture tool). */
export function visitCaptureRoutes(app: FastifyInstance, deps: Deps) {
  // Base64 inside JSON, so this route reads a larger body (as POST /files does); anything larger
  // is refused by Fastify with 413 before it is read.
  app.post('/visits/:id/captures', { bodyLimit: Math.ceil(FILE_MAX_BYTES * 1.4) }, async (req, reply) => {
    const actor = await authenticate(deps, req);
    const { id } = parseInput(idParams, req.params);
    const input = parseInput(saveVisitCaptureInputSchema, req.body);
    const measurement = await saveVisitCapture(deps, actor, requestMetaOf(req), id, input);
    return ok(reply, measurement, 'Snapshot saved to the patient record.', { status: 201 });
  });
}

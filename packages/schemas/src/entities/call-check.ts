import { z } from 'zod';
import { iceServerSchema, telehealthInvitationKeySchema } from './visits';

/**
 * The pre-call check (issue 18): before joining, the browser measures its network against this
 * server. The upload it times is at most this many bytes: enough for a bandwidth estimate on a
 * slow line within seconds, too little to make the endpoint a way to load the server.
 */
export const CALL_CHECK_UPLOAD_MAX_BYTES = 1_000_000;

/** Who runs the check: a signed-in person (no input), or a guest with their link's key. */
export const callCheckInputSchema = telehealthInvitationKeySchema.partial();
export type CallCheckInput = z.infer<typeof callCheckInputSchema>;

/** What the check needs before joining: the servers a call would gather ICE candidates through, and the upload's cap. */
export const callCheckSchema = z.object({
  iceServers: z.array(iceServerSchema),
  uploadMaxBytes: z.number().int().positive(),
});
export type CallCheck = z.infer<typeof callCheckSchema>;

/** The upload's answer: how many bytes arrived (the bytes themselves are thrown away). */
export const callCheckUploadSchema = z.object({ bytes: z.number().int().nonnegative() });
export type CallCheckUpload = z.infer<typeof callCheckUploadSchema>;

import { z } from 'zod';
import { optionalText, uuidSchema } from '../rules';
import { deviceReadingFlagSchema } from './gateways';
import { UCUM_UNITS, mealSchema, measurementTypeSchema } from './measurements';

/*
 * Gateway readings held for review (issue 21 part 5): a device decoded a value outside physiological
 * limits (fieldsOutsideLimits). The reading is kept, not lost, but it is no normal reading until a
 * physician or nurse of the patient accepts it; rejected, it is kept as entered-in-error.
 */

export const HELD_READING_STATUSES = ['held', 'accepted', 'rejected'] as const;
export type HeldReadingStatus = (typeof HELD_READING_STATUSES)[number];

/**
 * Why a reading is held. outOfLimits: a value outside physiological limits (accept or reject).
 * otherUser: a shared meter recorded it under another user number than the patient's: another
 * person's reading, which can only be rejected (accepting it would put someone else's values in
 * this patient's record).
 */
export const HELD_READING_REASONS = ['outOfLimits', 'otherUser'] as const;
export type HeldReadingReason = (typeof HELD_READING_REASONS)[number];

export const heldReadingSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid(),
  type: measurementTypeSchema,
  values: z.record(z.string(), z.number()),
  units: z.record(z.string(), z.enum(UCUM_UNITS)),
  reason: z.enum(HELD_READING_REASONS),
  /** The fields outside physiological limits. */
  outOfLimits: z.array(z.string()),
  /** otherUser: the user number the meter recorded it under, and the patient's number on the meter then. */
  userIndex: z.number().int().nullable(),
  userSlot: z.number().int().nullable(),
  meal: mealSchema.nullable(),
  note: z.string().nullable(),
  takenAt: z.string(),
  /** The device's own time stamp, when the gateway corrected a clock that was off. */
  deviceTakenAt: z.string().nullable(),
  flags: z.array(deviceReadingFlagSchema),
  /** The meter that took it (its name), when it is still paired. */
  device: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  status: z.enum(HELD_READING_STATUSES),
  receivedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  reviewComment: z.string().nullable(),
});
export type HeldReading = z.infer<typeof heldReadingSchema>;

/** Accept or reject one held reading of the patient, with an optional comment kept with the review. */
export const reviewHeldReadingInputSchema = z.strictObject({
  readingId: uuidSchema,
  comment: optionalText('Comment', 500),
});
export type ReviewHeldReadingInput = z.infer<typeof reviewHeldReadingInputSchema>;

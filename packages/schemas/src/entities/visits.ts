import { z } from 'zod';
import { emailSchema, text, uuidSchema } from '../rules';
import { visitStatusCodeSchema } from '../statuses';
import { visitSchema } from './appointments';

/**
 * Video visits (spec §2 telehealth visit screen, §4 visit, §5 joining rules, §7 visits and
 * telehealth invitations). A participant joins from a device: a browser tab names itself with a
 * random device id, so the same person on a second device is told apart and can take over.
 */

export const VISIT_CALL_ENGINES = ['livekit', 'simple-peer'] as const;

/** A device's own random id for one visit screen (letters, digits, - and _). */
export const visitDeviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Enter a valid device identifier.');

export const joinVisitInputSchema = z.strictObject({
  deviceId: visitDeviceIdSchema,
  /** Join here although this person is in the visit on another device: that device is told and leaves. */
  takeOver: z.boolean().default(false),
});
export type JoinVisitInput = z.infer<typeof joinVisitInputSchema>;

export const leaveVisitInputSchema = z.strictObject({ deviceId: visitDeviceIdSchema });
export type LeaveVisitInput = z.infer<typeof leaveVisitInputSchema>;

export const visitParticipantRoleSchema = z.enum(['patient', 'provider', 'guest']);
export type VisitParticipantRole = z.infer<typeof visitParticipantRoleSchema>;

/** Why a guest is in the visit: the physician says so when inviting, and every tile shows it. */
export const GUEST_ROLES = ['interpreter', 'family', 'other'] as const;
export const guestRoleSchema = z.enum(GUEST_ROLES, 'Choose who this guest is.');
export type GuestRole = z.infer<typeof guestRoleSchema>;

/**
 * People at once in a call on Simple Peer: every device sends its streams to every other (a mesh),
 * so each one more costs every device an upload; LiveKit's server forwards them and has no cap.
 */
export const MESH_CALL_CAPACITY = 4;

/** Someone in the visit now, on one device. Guests have no account. */
export const visitParticipantSchema = z.object({
  accountId: z.uuid().nullable(),
  fullName: z.string(),
  role: visitParticipantRoleSchema,
  /** A guest's role from their invitation; null for the patient and providers. */
  guestRole: guestRoleSchema.nullable(),
  deviceId: z.string(),
  joinedAt: z.string(),
  /** Let into the call; false while in the waiting room (the organisation's admit-required setting). */
  admitted: z.boolean(),
});
export type VisitParticipant = z.infer<typeof visitParticipantSchema>;

/**
 * A device in the waiting room: its place in the provider's line (1 = next; the provider's other
 * visits with someone waiting longer come first) and the provider's own word on the delay.
 */
export const visitWaitingSchema = z.object({
  place: z.number().int().min(1),
  runningLateMinutes: z.number().int().nullable(),
});
export type VisitWaiting = z.infer<typeof visitWaitingSchema>;

/** Let people in from the waiting room: these devices, or everyone waiting when none is named. */
export const admitVisitInputSchema = z.strictObject({
  deviceIds: z.array(visitDeviceIdSchema).min(1).max(20).optional(),
});
export type AdmitVisitInput = z.infer<typeof admitVisitInputSchema>;

/** One of the provider's visits with people in its waiting room (their list, and the knock). */
export const waitingVisitSchema = z.object({
  visitId: z.uuid(),
  code: z.string(),
  patientName: z.string(),
  startsAt: z.string(),
  runningLateMinutes: z.number().int().nullable(),
  /** Who waits, first come first. */
  waiting: z.array(visitParticipantSchema),
});
export type WaitingVisit = z.infer<typeof waitingVisitSchema>;

export const RUNNING_LATE_MAX_MINUTES = 120;
/** The provider tells the waiting room how late they are running; 0 says on time again. */
export const runningLateInputSchema = z.strictObject({
  minutes: z.number().int('Enter whole minutes.').min(0).max(RUNNING_LATE_MAX_MINUTES, `Enter at most ${RUNNING_LATE_MAX_MINUTES} minutes.`),
});
export type RunningLateInput = z.infer<typeof runningLateInputSchema>;

/** An ICE server for the peer-to-peer engine (RTCIceServer). */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * How this participant's call runs. LiveKit is the default engine; without a LiveKit server the
 * edge says so (`reason: 'livekitUnavailable'`) and the client uses Simple Peer and tells the user.
 */
export const visitCallSchema = z.discriminatedUnion('engine', [
  z.object({ engine: z.literal('livekit'), url: z.string(), room: z.string(), token: z.string() }),
  z.object({
    engine: z.literal('simple-peer'),
    iceServers: z.array(iceServerSchema),
    reason: z.enum(['configured', 'livekitUnavailable']),
  }),
]);
export type VisitCall = z.infer<typeof visitCallSchema>;

/**
 * The visit's chat: short plain-text messages between everyone in the call (guests too), kept with
 * the visit so its record shows them afterwards.
 */
export const VISIT_CHAT_BODY_MAX = 2000;
export const visitChatBodySchema = text('Message', VISIT_CHAT_BODY_MAX);

/** One chat message as everyone sees it: the sender's name as it was when they wrote. */
export const visitChatMessageSchema = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  /** Null for a guest, who has no account. */
  senderAccountId: z.uuid().nullable(),
  senderName: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
export type VisitChatMessage = z.infer<typeof visitChatMessageSchema>;

/** What joining answers: the visit, who is in it, this device's place and how to call. */
export const visitSessionSchema = z.object({
  visit: visitSchema,
  self: visitParticipantSchema,
  participants: z.array(visitParticipantSchema),
  /** How to call; null while this device waits to be admitted (it joins again once it is). */
  call: visitCallSchema.nullable(),
  /** Where this device waits, or null once admitted. */
  waiting: visitWaitingSchema.nullable(),
  timing: z.object({
    joinEarlyMinutes: z.number().int(),
    endWarningMinutes: z.number().int(),
    stayOrLeaveSeconds: z.number().int(),
  }),
});
export type VisitSession = z.infer<typeof visitSessionSchema>;

/* ------------------------------------------------------------------------------------------------
 * Telehealth invitations: a guest link for someone without an account (spec §7)
 * ---------------------------------------------------------------------------------------------- */

export const createTelehealthInvitationInputSchema = z.strictObject({
  visitId: uuidSchema,
  fullName: text('Name', 100),
  email: emailSchema,
  role: guestRoleSchema.default('other'),
});
export type CreateTelehealthInvitationInput = z.infer<typeof createTelehealthInvitationInputSchema>;

export const telehealthInvitationSchema = z.object({
  id: z.uuid(),
  visitId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  role: guestRoleSchema,
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Where the guest is now: not come yet (or gone), in the waiting room, in the call; or the link is over. */
  status: z.enum(['invited', 'waiting', 'inCall', 'revoked', 'expired']),
  /** The devices the guest is in the visit with (their tiles in the call). */
  deviceIds: z.array(z.string()),
});
export type TelehealthInvitation = z.infer<typeof telehealthInvitationSchema>;

/** The key of a guest link: what `GET /telehealth-invitations?key=` takes, without credentials. */
export const telehealthInvitationKeySchema = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'This invitation link is not valid.'),
});

/** What a guest link shows before joining: never the patient's record, only the visit's time. */
export const telehealthInvitationViewSchema = z.object({
  guestName: z.string(),
  organisationName: z.string(),
  providerName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  visitStatus: visitStatusCodeSchema,
});
export type TelehealthInvitationView = z.infer<typeof telehealthInvitationViewSchema>;

/** A guest joins (or leaves) the visit of their link from a device, with the link's key. */
export const joinTelehealthInvitationInputSchema = telehealthInvitationKeySchema.extend({
  deviceId: visitDeviceIdSchema,
  takeOver: z.boolean().default(false),
});
export type JoinTelehealthInvitationInput = z.infer<typeof joinTelehealthInvitationInputSchema>;
export const leaveTelehealthInvitationInputSchema = telehealthInvitationKeySchema.extend({
  deviceId: visitDeviceIdSchema,
});
export type LeaveTelehealthInvitationInput = z.infer<typeof leaveTelehealthInvitationInputSchema>;

/**
 * What a guest's join answers: the visit session (the visit without its reason, summary or notes),
 * and a short-lived token for the socket handshake (`auth: { guestToken }`), valid for this visit and
 * this device only.
 */
export const guestVisitSessionSchema = visitSessionSchema.extend({ guestToken: z.string() });
export type GuestVisitSession = z.infer<typeof guestVisitSessionSchema>;

import { z } from 'zod';
import { timelineEventSchema, type TimelineEvent } from './entities/patients';
import {
  joinVisitInputSchema,
  visitChatBodySchema,
  visitDeviceIdSchema,
  type VisitChatMessage,
  type VisitParticipant,
  type VisitSession,
  type VisitWaiting,
  type WaitingVisit,
} from './entities/visits';
import type { GatewayStatus } from './entities/gateways';
import type { FieldIssue } from './errors';
import { uuidSchema } from './rules';
import type { VisitStatusCode } from './statuses';

/**
 * Typed Socket.IO event maps (design.md): `domain:verb` names, every client event acknowledged with
 * `{ data } | { error, message, errors? }`, every payload validated on receipt with the schemas here.
 */
export type Ack<T> = { data: T } | { error: string; message: string; errors?: FieldIssue[] };

export const whoamiPayloadSchema = z.strictObject({});

/** Watch a patient's timeline: for whoever may read that patient's record. */
export const patientWatchPayloadSchema = z.strictObject({ patientId: uuidSchema });

/** Enter a visit's room from the device that joined it (REST `/participants/join` first). */
export const visitEnterPayloadSchema = z.strictObject({ visitId: uuidSchema, deviceId: visitDeviceIdSchema });
/**
 * Join a visit and enter its room in one step (call set-up: one round trip instead of two). The
 * same input as the `visits.join` operation, whose rules and access it applies.
 */
export const visitJoinPayloadSchema = z.strictObject({ visitId: uuidSchema, ...joinVisitInputSchema.shape });
export const visitExitPayloadSchema = z.strictObject({ visitId: uuidSchema });

/**
 * Simple Peer's signalling messages, relayed as they are to one device of the same visit: an offer
 * or answer (SDP), an ICE candidate, or a renegotiation request. Anything else is refused.
 */
const sdp = z.string().max(200_000);
export const peerSignalSchema = z.union([
  z.strictObject({ type: z.enum(['offer', 'answer', 'pranswer', 'rollback']), sdp: sdp.optional() }),
  z.strictObject({
    type: z.literal('candidate'),
    candidate: z.strictObject({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(64).nullable().optional(),
      sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional(),
      usernameFragment: z.string().max(256).nullable().optional(),
    }),
  }),
  // Simple Peer itself sends these two with a `type` beside the field (the greeting has none).
  z.strictObject({ type: z.literal('renegotiate').optional(), renegotiate: z.literal(true) }),
  z.strictObject({
    type: z.literal('transceiverRequest').optional(),
    transceiverRequest: z.strictObject({ kind: z.enum(['audio', 'video']), init: z.record(z.string(), z.unknown()).optional() }),
  }),
]);
export type PeerSignal = z.infer<typeof peerSignalSchema>;

/** A chat message to everyone in the visit, from a device that entered its room. */
export const visitChatPayloadSchema = z.strictObject({ visitId: uuidSchema, body: visitChatBodySchema });

export const visitSignalPayloadSchema = z.strictObject({
  visitId: uuidSchema,
  toDeviceId: visitDeviceIdSchema,
  signal: peerSignalSchema,
});

/**
 * Drawing over a stream of the visit, seen by everyone in it. Each side gives a stream its own id,
 * so a stream is named by who sends it: the device, and which of its streams (camera, second
 * camera, screen). Points are fractions (0–1) of the picture, so a stroke lands on the same spot
 * whatever the size of each screen.
 */
export const DRAWN_STREAM_SOURCES = ['camera', 'secondCamera', 'screen'] as const;
export type DrawnStreamSource = (typeof DRAWN_STREAM_SOURCES)[number];
export const drawnStreamSchema = z.strictObject({ deviceId: visitDeviceIdSchema, source: z.enum(DRAWN_STREAM_SOURCES) });
export type DrawnStream = z.infer<typeof drawnStreamSchema>;
/** Enough for a long, slow stroke; the drawing side thins a longer one before sending. */
export const MAX_STROKE_POINTS = 1000;
const fraction = z.number().min(0).max(1);
export const drawnStrokeSchema = z.strictObject({
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  width: z.number().min(1).max(32),
  points: z.array(z.strictObject({ x: fraction, y: fraction })).min(1).max(MAX_STROKE_POINTS),
});
export const drawingActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stroke'), stroke: drawnStrokeSchema }),
  z.strictObject({ kind: z.literal('undo') }),
  z.strictObject({ kind: z.literal('clear') }),
]);
export type DrawingAction = z.infer<typeof drawingActionSchema>;
export const visitDrawPayloadSchema = z.strictObject({
  visitId: uuidSchema,
  stream: drawnStreamSchema,
  action: drawingActionSchema,
});
export type VisitDrawPayload = z.infer<typeof visitDrawPayloadSchema>;

/** What a device entering a visit's call room is told: the devices there already, the chat so far and which of it is its own. */
export interface VisitRoomSoFar {
  inRoom: string[];
  messages: VisitChatMessage[];
  ownMessageIds: string[];
}

export interface ClientToServerEvents {
  'session:whoami': (payload: z.infer<typeof whoamiPayloadSchema>, ack: (result: Ack<SessionInfo>) => void) => void;
  'patient:watch': (payload: z.infer<typeof patientWatchPayloadSchema>, ack: (result: Ack<{ patientId: string }>) => void) => void;
  'patient:unwatch': (payload: z.infer<typeof patientWatchPayloadSchema>, ack: (result: Ack<{ patientId: string }>) => void) => void;
  'visit:enter': (
    payload: z.infer<typeof visitEnterPayloadSchema>,
    /**
     * Who is in the visit now, the other devices already in its room (they can be signalled now),
     * and the chat so far with the ids of what this person (or guest) sent in it (a guest reads it
     * only while in the call, and has no account to recognise their own by). A device not admitted yet
     * enters the waiting room instead: `waiting` says where it is, and it hears nothing of the call.
     */
    ack: (
      result: Ack<VisitRoomSoFar & { participants: VisitParticipant[]; waiting: VisitWaiting | null }>,
    ) => void,
  ) => void;
  'visit:join': (
    payload: z.input<typeof visitJoinPayloadSchema>,
    /**
     * What `visits.join` answers, and once let in, the room entered as `visit:enter` does (`room`;
     * null in the waiting room, which the waiting screen enters itself). The other devices are told
     * this one entered only after this answer is sent, so their offers reach a device that listens.
     */
    ack: (
      result: Ack<{
        session: VisitSession;
        room: VisitRoomSoFar | null;
      }>,
    ) => void,
  ) => void;
  'visit:exit': (payload: z.infer<typeof visitExitPayloadSchema>, ack: (result: Ack<{ visitId: string }>) => void) => void;
  'visit:signal': (payload: z.infer<typeof visitSignalPayloadSchema>, ack: (result: Ack<{ sent: true }>) => void) => void;
  'visit:chat': (payload: z.infer<typeof visitChatPayloadSchema>, ack: (result: Ack<VisitChatMessage>) => void) => void;
  'visit:draw': (payload: VisitDrawPayload, ack: (result: Ack<{ sent: true }>) => void) => void;
}

export interface ServerToClientEvents {
  /** The session was signed out elsewhere or the account disabled: the client must drop it. */
  'session:revoked': (payload: { reason: string }) => void;
  /**
   * Live events may have been lost (an edge's link to the other edges was down and is back; every
   * edge hears it, once per edge after a Redis restart): every screen showing live data loads it again.
   */
  'live:resync': () => void;
  /** A new event on the timeline of a watched patient. */
  'patient:event': (payload: { patientId: string; event: TimelineEvent }) => void;
  /** Someone of the organisation came online or went offline. */
  'presence:changed': (payload: { accountId: string; isOnline: boolean; lastSeen: string | null }) => void;
  'visit:participants': (payload: { visitId: string; participants: VisitParticipant[] }) => void;
  /** A device of the visit entered its room: from now on it hears signals (so offer to it now). */
  'visit:entered': (payload: { visitId: string; deviceId: string }) => void;
  'visit:status': (payload: { visitId: string; status: VisitStatusCode; startedAt: string | null; endedAt: string | null }) => void;
  /** This device's place in the visit was taken over by the same person on another device: leave. */
  'visit:takenOver': (payload: { visitId: string; deviceId: string }) => void;
  'visit:signal': (payload: { visitId: string; fromDeviceId: string; fromAccountId: string | null; signal: PeerSignal }) => void;
  /** A chat message was sent in the visit (the sender hears it too). */
  'visit:chatMessage': (payload: VisitChatMessage) => void;
  /** A stroke drawn, undone or cleared by another device of the visit. */
  'visit:draw': (payload: VisitDrawPayload & { fromDeviceId: string }) => void;
  /** To a device in the waiting room: its place in line or the provider's delay changed. */
  'visit:waiting': (payload: { visitId: string } & VisitWaiting) => void;
  /** To a device in the waiting room: it was let in (it joins again, and enters the call). */
  'visit:admitted': (payload: { visitId: string; deviceId: string }) => void;
  /** To the visit's provider, on any screen: someone arrived in the waiting room. */
  'visit:knock': (payload: WaitingVisit) => void;
  /**
   * An alert of the organisation opened, rose, was acknowledged, assigned, resolved or escalated: to
   * its clinicians, whose inbox and badge load it again. Ids only: the inbox reads the rest.
   */
  'alert:changed': (payload: { alertId: string; patientId: string; kind: AlertChangeKind }) => void;
  /** An unacknowledged alert was escalated to this person (the assignee, primary provider or on-call). */
  'alert:escalated': (payload: { alertId: string; patientId: string; step: EscalationStep }) => void;
  /** A gateway of the patient (own, or watched) came online or went offline. */
  'gateway:status': (payload: { patientId: string; gatewayId: string; status: GatewayStatus; lastSeenAt: string | null }) => void;
  /**
   * A batch of live ECG from a device on the patient's gateway, to the screens watching the patient
   * (`patient:watch`: whoever may read the record). Microvolts at sampleRate, oldest first.
   */
  'patient:ecg': (payload: PatientEcgPayload) => void;
}

export interface PatientEcgPayload {
  patientId: string;
  deviceId: string;
  sampleRate: number;
  samples: number[];
  seq: number;
}

export interface SessionInfo {
  userId: string;
  accountId: string;
  roles: number[];
}

/** The handshake `auth` of the people namespace (`accountId`: the account acted as, optional). */
export const peopleHandshakeSchema = z.object({ token: z.string().min(1).max(4096) });

/** A visit guest's handshake: the token their join answered (one visit, one device, short-lived). */
export const guestHandshakeSchema = z.object({ guestToken: z.string().min(1).max(4096) });

/* What the domain hands the edge to deliver (packages/api LiveChannel). */

export const livePatientEventSchema = z.object({
  organisationId: z.uuid(),
  patientId: z.uuid(),
  event: timelineEventSchema,
});
export type LivePatientEvent = z.infer<typeof livePatientEventSchema>;

export interface PresenceChange {
  organisationId: string;
  accountId: string;
  isOnline: boolean;
  lastSeen: string | null;
}

export const ALERT_CHANGE_KINDS = ['opened', 'raised', 'acknowledged', 'assigned', 'resolved', 'escalated'] as const;
export type AlertChangeKind = (typeof ALERT_CHANGE_KINDS)[number];
export const ESCALATION_STEPS = ['assignee', 'primaryProvider', 'onCall'] as const;
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/** An alert changed; `notified` (escalations) are the accounts the step told. */
export interface LiveAlertEvent {
  organisationId: string;
  alertId: string;
  patientId: string;
  kind: AlertChangeKind;
  escalation?: { step: EscalationStep; notified: readonly string[] };
}

export type VisitLiveEvent =
  | { kind: 'participants'; visitId: string; participants: VisitParticipant[] }
  | { kind: 'status'; visitId: string; status: VisitStatusCode; startedAt: string | null; endedAt: string | null }
  | { kind: 'takenOver'; visitId: string; accountId: string; deviceId: string }
  /** These devices' places closed (left, or the visit ended): their sockets leave the room. */
  | { kind: 'left'; visitId: string; deviceIds: string[] }
  | { kind: 'chatMessage'; visitId: string; message: VisitChatMessage }
  /** Someone arrived in the waiting room: the provider's screens are told (their account room). */
  | { kind: 'knock'; providerAccountId: string; visit: WaitingVisit }
  /** These waiting devices were let in. */
  | { kind: 'admitted'; visitId: string; deviceIds: string[] }
  /** The waiting room's devices of this visit: their place or the provider's delay changed. */
  | ({ kind: 'waiting'; visitId: string } & VisitWaiting);

import type { Actor } from '@opencare/api/access/actor';
import type { RequestMeta } from '@opencare/api/deps';
import type { GuestClaims } from '@opencare/api/telehealth-invitations/guest-token';
import type { GatewayClientToServerEvents, GatewayServerToClientEvents } from '@opencare/schemas/gateway-events';
import type { ClientToServerEvents, ServerToClientEvents } from '@opencare/schemas/socket-events';
import type { Namespace, Server, Socket } from 'socket.io';

/**
 * What a socket carries. Plain data only: connection-state recovery stores it (in Redis with
 * several edges) and restores it with the socket's rooms, after the handshake ran again.
 */
export interface SocketData {
  /** A signed-in person; null for a guest of a visit. */
  actor: Actor | null;
  /** A visit guest (telehealth invitation link): the one visit and device their token names. */
  guest: GuestClaims | null;
  meta: RequestMeta;
  /** The visits this socket entered, visitId → the device it entered with (signals leave as it). */
  visits: Record<string, string>;
  /** Simple Peer signals sent in the current window (a modest per-socket limit). */
  signals: { since: number; count: number };
  /** Visit chat messages sent in the current window. */
  chats: { since: number; count: number };
  /** Drawing strokes sent in the current window (visit-drawing.ts). */
  draws: { since: number; count: number };
}

export type PeopleServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
export type PeopleSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/**
 * The rooms of the people namespace. Joined only by the server, each after its own check: a
 * socket is in its user, account and session rooms from the handshake; the rest are asked for.
 */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  account: (accountId: string) => `account:${accountId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every socket of a visit guest, by their invitation: closed when the link is revoked. */
  guest: (invitationId: string) => `guest:${invitationId}`,
  /** The organisation's clinicians and admins: presence. */
  staff: (organisationId: string) => `org:${organisationId}:staff`,
  /** The organisation's physicians, nurses and assistants: its alerts. */
  clinicians: (organisationId: string) => `org:${organisationId}:clinicians`,
  /** Screens watching a patient's timeline. */
  patient: (patientId: string) => `patient:${patientId}`,
  /** Every device in a visit: participants and status. */
  visit: (visitId: string) => `visit:${visitId}`,
  /** The devices of a visit still in its waiting room: their place in line and the visit's status. */
  visitWaiting: (visitId: string) => `visit:${visitId}:waiting`,
  /** One device of a visit: Simple Peer signals, take-over and being let in. */
  visitDevice: (visitId: string, deviceId: string) => `visit:${visitId}:device:${deviceId}`,
};

/** What a socket of the `/gateways` namespace carries: the gateway its token named (plain data). */
export interface GatewaySocketData {
  gatewayId: string;
  meta: RequestMeta;
}
export type GatewayNamespace = Namespace<GatewayClientToServerEvents, GatewayServerToClientEvents, Record<string, never>, GatewaySocketData>;
export type GatewaySocket = Socket<GatewayClientToServerEvents, GatewayServerToClientEvents, Record<string, never>, GatewaySocketData>;

/** The rooms of the `/gateways` namespace: every socket of one gateway (on any edge). */
export const gatewayRooms = {
  gateway: (gatewayId: string) => `gateway:${gatewayId}`,
};

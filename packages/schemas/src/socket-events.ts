import { z } from 'zod';
import type { FieldIssue } from './errors';

/**
 * Typed Socket.IO event maps (design.md): `domain:verb` names, every client event acknowledged with
 * `{ data } | { error, message, errors? }`. Later features add their events here.
 */
export type Ack<T> = { data: T } | { error: string; message: string; errors?: FieldIssue[] };

export const whoamiPayloadSchema = z.strictObject({});

export interface ClientToServerEvents {
  'session:whoami': (payload: z.infer<typeof whoamiPayloadSchema>, ack: (result: Ack<SessionInfo>) => void) => void;
}

export interface ServerToClientEvents {
  /** The session was signed out elsewhere or the account disabled: the client must drop it. */
  'session:revoked': (payload: { reason: string }) => void;
}

export interface SessionInfo {
  userId: string;
  accountId: string;
  roles: number[];
}

/** The handshake `auth` of the people namespace. */
export const peopleHandshakeSchema = z.object({ token: z.string().min(1).max(4096) });

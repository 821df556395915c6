import type { GatewayStatusChange } from '@opencare/schemas/gateway-events';
import type { LiveAlertEvent, LivePatientEvent, PresenceChange, VisitLiveEvent } from '@opencare/schemas/socket-events';

/**
 * How the domain tells watching screens that something changed. The edge implements it over
 * Socket.IO (domain code imports no transport); every call is made after the change committed, so
 * no screen shows what was rolled back. Delivery is best effort: a screen that missed an event still
 * finds it when it reloads, since the database is the record.
 */
export interface LiveChannel {
  /** A new event on a patient's timeline, to everyone allowed to watch that patient. */
  patientEvent(event: LivePatientEvent): void;
  /** An account came online or went offline, to the people of its organisation. */
  presence(change: PresenceChange): void;
  /** A visit changed (participants, status, take-over), to its participants' screens. */
  visit(event: VisitLiveEvent): void;
  /**
   * Sessions ended (sign-out, another session ended them, a new password, a user disabled): their
   * open sockets are told ('session:revoked') and closed; the handshake refuses them from then on.
   */
  sessionsEnded(sessionIds: readonly string[], reason: string): void;
  /** An account was deactivated: the sockets acting as it are told and closed. */
  accountDisabled(accountId: string): void;
  /** A visit guest's link was revoked: the guest's sockets are told ('session:revoked') and closed. */
  guestRevoked(invitationId: string): void;
  /** A gateway came online or went offline: to its patient and to the screens watching that patient. */
  gatewayStatus(change: GatewayStatusChange): void;
  /** An alert changed: to the organisation's clinicians; an escalation also to the people it told. */
  alert(event: LiveAlertEvent): void;
}

/** Where there is no edge (scripts, the demo seeder): changes are only stored. */
export const quietLive: LiveChannel = {
  patientEvent: () => undefined,
  presence: () => undefined,
  visit: () => undefined,
  sessionsEnded: () => undefined,
  accountDisabled: () => undefined,
  guestRevoked: () => undefined,
  gatewayStatus: () => undefined,
  alert: () => undefined,
};

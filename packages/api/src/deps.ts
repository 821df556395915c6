import type { LivekitServer } from './visits/livekit-token';
import type { IceServer } from '@opencare/schemas/entities/visits';
import type { Database } from './db/database';
import type { GatewayLink } from './gateways/gateway-link';
import type { LiveChannel } from './live/live-channel';
import type { Mailer } from './mail/mailer';
import type { OutboxAccess } from './outbox/outbox.service';
import type { RateLimiter } from './rate-limit/rate-limiter';

export interface ApiConfig {
  /** Where people open the web app; links in e-mails start here. */
  publicUrl: string;
  /** HS256 key that signs access tokens. */
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlMs: number;
  /** Cookies only over HTTPS in production. */
  secureCookies: boolean;
  /** Requests a minute from one address to each public account endpoint (sign-up, checks). */
  publicRateLimitPerMinute: number;
  /** Who may read the dev outbox over the API (outbox/outbox.service.ts). */
  outbox: OutboxAccess;
  /** Demo mode (DEMO=true): the demo data's public secrets (the demo admin's authenticator secret, the demo gateway's pairing code) work only then. */
  demo: boolean;
  /** The LiveKit server video visits use, when this installation has one. */
  livekit: LivekitServer | null;
  /** STUN/TURN servers for Simple Peer calls (empty: host candidates only, no third party asked). */
  iceServers: IceServer[];
  /** coturn's shared secret (`use-auth-secret`): TURN servers without credentials get short-lived ones (ice-servers.ts). */
  turnSecret?: string;
  /** How long a waiting room keeps the place of someone whose page went away (visit-waiting-room.service.ts). */
  waitingRoomGraceMs: number;
  /** FHIR subscriptions may notify plain-http endpoints on this machine (tests, a developer's receiver); never in production. */
  loopbackWebhooks: boolean;
  /** What this server runs on, for the system-management area. */
  runtime: {
    version: string;
    database: 'pglite' | 'postgres';
    redis: boolean;
    smtp: boolean;
    startedAt: Date;
  };
}

/** Minimal structured logger (pino's shape). Never pass patient data to it. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What every service gets: injected, so tests run the same code against PGlite or PostgreSQL. */
export interface Deps {
  db: Database;
  config: ApiConfig;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  /** Live updates to watching screens (Socket.IO on the edge). */
  live: LiveChannel;
  /** Paired home gateways (the `/gateways` Socket.IO namespace on the edge). */
  gateways: GatewayLink;
}

/** Where a request came from, for the audit log and rate limits. */
export interface RequestMeta {
  ip: string;
  requestId: string;
  userAgent?: string;
  /** Set once this request's refusal is in the audit log, so the transport does not log it twice. */
  denialAudited?: boolean;
}

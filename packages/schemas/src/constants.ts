/** Business constants and limits of spec §9. */
export const NOTIFICATION_TIMEOUT_MS = 6000;
/** What a missing required field says (spec §5); here, not in rules.ts, so zod-free checks can use it. */
export const REQUIRED = 'This field is required.';
export const MINIMUM_AGE = 18;
// The words of two rules of rules.ts, kept here for the same reason as REQUIRED.
export const MINIMUM_AGE_RULE = `You must be at least ${MINIMUM_AGE} years old.`;
export const PASSWORD_RULE =
  'Password must be at least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const INVITATION_RESEND_INTERVAL_MS = 5 * 60 * 1000;
export const VERIFICATION_RESEND_INTERVAL_MS = 5 * 60 * 1000;
export const SESSION_MARKER_TTL_MS = 24 * 60 * 60 * 1000;
export const REAUTH_DELAY_MS = 1000;
export const RETRY_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 2000;
/** Wait before retry `attempt` (1-based): 2000 ms times the attempt number. */
export const retryDelayMs = (attempt: number): number => RETRY_BASE_DELAY_MS * attempt;

export const SIGNAL_BUCKETS = [
  { bucket: 'excellent', min: -30 },
  { bucket: 'good', min: -67 },
  { bucket: 'average', min: -75 },
  { bucket: 'poor', min: -80 },
] as const;
export type SignalBucket = (typeof SIGNAL_BUCKETS)[number]['bucket'] | 'bad';

/** Signal strength bucket of an RSSI in dBm: at or above -30 excellent ... below -80 bad. */
export function signalBucket(rssi: number): SignalBucket {
  return SIGNAL_BUCKETS.find((b) => rssi >= b.min)?.bucket ?? 'bad';
}

export const DEFAULT_CANVAS = { width: 640, height: 480 } as const;
export const SPECIAL_CAMERA_NAME = 'SPC Camera';
export const DEFAULT_DEVICE_KEYS = { camera: 'default', microphone: 'default', speaker: 'default' } as const;
export const DEFAULT_OVERDUE_MINUTES = 10;
/**
 * A task's window (issue 17 part 6): a reading completes a task only from this many minutes before
 * its time up to its overdue limit (the organisation's taskOverdueMinutes after it). Adherence counts
 * the tasks done inside it. Here, not in entities/care: the patient's home reads it without zod.
 */
export const TASK_EARLY_MINUTES = 60;
export const DEFAULT_SPECIAL_CAMERA_FONT_SIZE = 6;
export const DEFAULT_LAYOUT = 'auto';
export const DATE_FORMAT = 'YYYY-MM-DD';
export const TIME_FORMAT = 'hh:mm:ss a';
export const VISIT_TIMER_TICK_MS = 1000;
export const SETUP_MINUTES = 20;
export const CALENDAR = { months: 12, daysPerWeek: 7, maxGridDays: 42 } as const;

/** Our own limits where the spec gives none (docs/decisions.md). */
export const LIMITS = {
  /** Largest JSON body the API reads. */
  bodyBytes: 256 * 1024,
  /** Failed logins from one address in one window before 429. */
  failedLoginsPerWindow: 10,
  failedLoginWindowMs: 60 * 1000,
  /**
   * Failed logins against one account, from any address, before it is closed for the rest of the
   * window: a temporary lockout that ends by itself, or at once by a password reset (docs/decisions.md).
   */
  failedLoginsPerAccount: 10,
  accountLockoutWindowMs: 15 * 60 * 1000,
  /** A password-reset link works once, for this long. */
  passwordResetTokenTtlMs: 30 * 60 * 1000,
  /** Reset requests per window: from one address, and for one account (so a mailbox is not flooded). */
  passwordResetsPerAddress: 5,
  passwordResetsPerAccount: 3,
  passwordResetWindowMs: 15 * 60 * 1000,
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlMs: 30 * 24 * 60 * 60 * 1000,
  verificationTokenTtlMs: 24 * 60 * 60 * 1000,
  pageSizeDefault: 20,
  pageSizeMax: 100,
} as const;

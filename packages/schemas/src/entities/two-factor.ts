import { z } from 'zod';
import { REQUIRED, requiredOr } from '../rules';

/**
 * Two-factor sign-in (TOTP, RFC 6238) for staff. A code is the six digits an authenticator app shows,
 * or one of the recovery codes handed out at enrolment (spaces and dashes ignored).
 */
export const twoFactorCodeSchema = z
  .string({ error: requiredOr('The code must be text.') })
  .trim()
  .min(1, REQUIRED)
  .max(64, 'Enter the six-digit code or a recovery code.')
  .regex(/^[0-9A-Za-z -]+$/, 'Enter the six-digit code or a recovery code.');

/** The second step of a sign-in: a single-purpose token, never an access token. */
export const challengeTokenSchema = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(256).regex(/^[\w-]+$/, 'The sign-in token is not valid.');

export const TWO_FACTOR_CHALLENGE_KINDS = ['code', 'enrol'] as const;
export type TwoFactorChallengeKind = (typeof TWO_FACTOR_CHALLENGE_KINDS)[number];

/**
 * What login answers instead of the user when a second step is due: `code` asks for an
 * authenticator or recovery code; `enrol` means the account must enrol an authenticator first
 * (an administrator, or staff of an organisation that requires it) before any token is issued.
 */
export const twoFactorChallengeSchema = z.object({
  twoFactor: z.object({
    challengeToken: z.string(),
    kind: z.enum(TWO_FACTOR_CHALLENGE_KINDS),
    expiresAt: z.string(),
  }),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>['twoFactor'];

export const twoFactorLoginInputSchema = z.strictObject({ challengeToken: challengeTokenSchema, code: twoFactorCodeSchema });
export type TwoFactorLoginInput = z.infer<typeof twoFactorLoginInputSchema>;
export const twoFactorChallengeInputSchema = z.strictObject({ challengeToken: challengeTokenSchema });

/** A new authenticator secret, shown once while enrolment waits for its first code. */
export const twoFactorSetupSchema = z.object({
  /** Base32, as authenticator apps take it when typed. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  otpauthUri: z.string(),
  issuer: z.string(),
  accountName: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorConfirmInputSchema = z.strictObject({ code: twoFactorCodeSchema });
export const twoFactorDisableInputSchema = z.strictObject({
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1024),
  code: twoFactorCodeSchema,
});

export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes, shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** An administrator, or staff of an organisation that requires it: cannot turn it off. */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * A user's two-factor sign-in as their organisation's admin sees it (the user list's "Two-factor"
 * row): on or off, and whether the user must enrol again at their next sign-in after a reset.
 */
export const userTwoFactorSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  required: z.boolean(),
});
export type UserTwoFactor = z.infer<typeof userTwoFactorSchema>;

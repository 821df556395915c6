import type { Account } from '@opencare/schemas/entities/account';
import type { TwoFactorChallenge } from '@opencare/schemas/entities/two-factor';
import type { User } from '@opencare/schemas/entities/user';
import { createContext } from 'react';

/** Signed in: the user with every account, and the account acted as (the default unless switched). */
export type SessionState =
  | { status: 'restoring' }
  /** `quit`: the person signed out themself; the next sign-in starts at home, not where they were. */
  | { status: 'signed-out'; quit?: boolean }
  | { status: 'signed-in'; user: User; account: Account };

export interface SessionContextValue {
  state: SessionState;
  /**
   * Resolves null when signed in, or with the two-factor challenge still to answer (staff who have
   * it, or must enrol); rejects with an ApiError whose message the form shows.
   */
  login: (username: string, password: string) => Promise<TwoFactorChallenge | null>;
  /** Starts the session a completed second step (or enrolment) issued. */
  completeLogin: (user: User, token: string) => void;
  /** Ends the session here and on the server; resolves once signed out, whatever the server said. */
  logout: () => Promise<void>;
  /** Act as another of the user's accounts: sent as `x-account-id`, changes the displayed role. */
  switchAccount: (accountId: string) => void;
  /** Make one of the user's accounts their default account (`PATCH /accounts/:id`). */
  makeDefault: (accountId: string) => Promise<void>;
  /** The calendar's selected date, YYYY-MM-DD (spec §3: today, or the remembered one). */
  calendarDate: string;
  setCalendarDate: (date: string) => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

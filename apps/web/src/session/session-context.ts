import type { Account } from '@opencare/schemas/entities/account';
import type { User } from '@opencare/schemas/entities/user';
import { createContext } from 'react';

export type SessionState =
  { status: 'restoring' } | { status: 'signed-out' } | { status: 'signed-in'; user: User; account: Account };

export interface SessionContextValue {
  state: SessionState;
  /** Resolves when signed in; rejects with an ApiError whose message the form shows. */
  login: (username: string, password: string) => Promise<void>;
  logout: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

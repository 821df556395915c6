import { createContext } from 'react';

/** An application error (spec §8): a catalogue key (default unknown) and a code (default 500). */
export interface AppErrorValue {
  key: string;
  code: number;
  /** The original failure, for the technical report. */
  cause?: unknown;
}

export interface AppErrorContextValue {
  /** The active error: while set, the error screen replaces the layout. */
  error: AppErrorValue | null;
  /** Set the active error from a catalogue key or an error object. */
  setError: (error: unknown) => void;
  clearError: () => void;
}

export const AppErrorContext = createContext<AppErrorContextValue | null>(null);

import { use } from 'react';
import { AppErrorContext, type AppErrorContextValue } from './app-error-context';

/** The active application error and its setters (spec §8). */
export function useAppError(): AppErrorContextValue {
  const value = use(AppErrorContext);
  if (!value) throw new Error('useAppError must be used inside <AppErrorProvider>.');
  return value;
}

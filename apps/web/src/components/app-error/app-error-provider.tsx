import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { AppErrorContext, type AppErrorValue } from './app-error-context';
import { toAppError } from './app-error-value';

export function AppErrorProvider({ children }: { children: ReactNode }) {
  const [error, setActive] = useState<AppErrorValue | null>(null);
  const setError = useCallback((value: unknown) => setActive(toAppError(value)), []);
  const clearError = useCallback(() => setActive(null), []);
  const value = useMemo(() => ({ error, setError, clearError }), [error, setError, clearError]);
  return <AppErrorContext value={value}>{children}</AppErrorContext>;
}

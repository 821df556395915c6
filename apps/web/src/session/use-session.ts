import { use } from 'react';
import { SessionContext, type SessionContextValue } from './session-context';

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>.');
  return value;
}

/** The acting account's id when it is a patient's own (account type `pat`), else null. */
export function useOwnPatientAccountId(): string | null {
  const { state } = useSession();
  return state.status === 'signed-in' && state.account.accountType.code === 'pat' ? state.account.id : null;
}

import type { Gateway } from '@opencare/schemas/entities/gateways';
import { trpc } from '../../api/trpc';

/**
 * The signed-in patient's gateways, from the shared cache: the native-device guard and the menu ask
 * whether the patient has one (devices are read by the home gateway now, spec §2). The gateway
 * screens read and change the same `gateways.mine` query, so adding or removing a gateway is seen
 * at once. The cache is emptied when the account changes.
 */
export interface PairedGateways {
  /** The account the answer is for. */
  key: string;
  status: 'loading' | 'loaded' | 'failed';
  gateways: Gateway[];
  error?: unknown;
}

/** The answer for the account `key` (null: nothing asked for), asked for when `key` is given. */
export function usePairedGateways(key: string | null): PairedGateways | null {
  const mine = trpc.gateways.mine.useQuery(undefined, { enabled: key !== null });
  if (!key) return null;
  if (mine.status === 'success') return { key, status: 'loaded', gateways: mine.data };
  if (mine.status === 'error') return { key, status: 'failed', gateways: [], error: mine.error };
  return { key, status: 'loading', gateways: [] };
}

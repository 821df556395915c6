import type { Gateway } from '@opencare/schemas/entities/gateways';
import { pathTo } from '../../route-paths';
import { useSession } from '../../session/use-session';

/**
 * A gateway's info page is addressed by its display name (spec §2 `:gatewayName`), or by its id
 * when another of the patient's gateways has the same name.
 */
export function gatewayPath(gateway: Gateway, all: readonly Gateway[]): string {
  const shared = all.some((other) => other.id !== gateway.id && other.displayName === gateway.displayName);
  return pathTo('gatewayInfo', { gatewayName: shared ? gateway.id : gateway.displayName });
}

/** The gateway a `:gatewayName` parameter means: by id, else by display name. */
export function findGateway(all: readonly Gateway[], param: string): Gateway | undefined {
  return all.find((g) => g.id === param) ?? all.find((g) => g.displayName === param);
}

/** The signed-in account's id: the patient's id for their own gateways, and the cache's key. */
export function useAccountId(): string {
  const { state } = useSession();
  return state.status === 'signed-in' ? state.account.id : '';
}

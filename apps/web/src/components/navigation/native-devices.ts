import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import { usePairedGateways } from '../../features/gateways/paired-gateways';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';

/** Whether this browser can talk to Bluetooth devices itself (Web Bluetooth). */
export function hasWebBluetooth(): boolean {
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator;
}

/**
 * The native-device condition of spec §2 (devices and the gateway's Wi-Fi setup) for the acting
 * account: the browser has Web Bluetooth, or the patient has a home gateway, which reads the
 * devices for them. `checking` while a patient's gateways are asked for (once per account and tab),
 * then true or false. Only patients have gateways.
 */
export function useNativeDevices(): boolean | 'checking' {
  const { state } = useSession();
  const webBluetooth = hasWebBluetooth();
  const patient =
    state.status === 'signed-in' && hasAnyRole(roleNumbersOf(state.account), ROUTE_ROLES.patient);
  const key = !webBluetooth && patient && state.status === 'signed-in' ? state.account.id : null;
  const paired = usePairedGateways(key);
  if (webBluetooth) return true;
  if (!key) return false;
  if (!paired || paired.status === 'loading') return 'checking';
  return paired.status === 'loaded' && paired.gateways.length > 0;
}

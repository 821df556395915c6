import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import type { ComponentType } from 'react';
import { usePairedGateways } from '../../features/gateways/paired-gateways';
import type { RouteName } from '../../route-paths';
import { roleNumbersOf } from '../../session/acting-account';
import { useSession } from '../../session/use-session';
import {
  ActivityIcon,
  AlertIcon,
  BluetoothIcon,
  CalendarIcon,
  ChartIcon,
  ClipboardIcon,
  DashboardIcon,
  FeedbackIcon,
  FileIcon,
  GatewayIcon,
  HelpIcon,
  HomeIcon,
  MailIcon,
  QuestionIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
} from '../icons/icons';

export type NavLabel =
  | 'home'
  | 'appointments'
  | 'measurements'
  | 'caregivers'
  | 'gateways'
  | 'devices'
  | 'help'
  | 'mail'
  | 'patients'
  | 'incompleteVisits'
  | 'analytics'
  | 'monitoringReport'
  | 'alerts'
  | 'dashboard'
  | 'settings'
  | 'faqs'
  | 'privacyPolicy'
  | 'termsAndConditions'
  | 'feedback';

export interface NavItem {
  route: RouteName;
  label: NavLabel;
  icon: ComponentType<{ size?: number }>;
}

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

/**
 * The menu of an account's roles: the same groups the route guards use, so a menu item never
 * leads to the forbidden page.
 */
export function navItemsFor(roles: readonly number[], nativeDevices: boolean): NavItem[] {
  const items: NavItem[] = [];
  if (hasAnyRole(roles, ROUTE_ROLES.admin))
    items.push({ route: 'dashboard', label: 'dashboard', icon: DashboardIcon });
  items.push(
    { route: 'home', label: 'home', icon: HomeIcon },
    { route: 'appointments', label: 'appointments', icon: CalendarIcon },
  );
  if (hasAnyRole(roles, ROUTE_ROLES.patient)) {
    items.push(
      { route: 'measurements', label: 'measurements', icon: ActivityIcon },
      { route: 'gateways', label: 'gateways', icon: GatewayIcon },
      { route: 'caregivers', label: 'caregivers', icon: UsersIcon },
    );
    if (nativeDevices) items.push({ route: 'devices', label: 'devices', icon: BluetoothIcon });
    items.push({ route: 'help', label: 'help', icon: HelpIcon });
  }
  if (hasAnyRole(roles, ROUTE_ROLES.physicianOrNurse)) {
    items.push(
      { route: 'findPatient', label: 'patients', icon: UsersIcon },
      { route: 'mail', label: 'mail', icon: MailIcon },
      { route: 'incompleteVisits', label: 'incompleteVisits', icon: ClipboardIcon },
      { route: 'analytics', label: 'analytics', icon: ChartIcon },
    );
  }
  if (hasAnyRole(roles, ROUTE_ROLES.clinician))
    items.push({ route: 'alerts', label: 'alerts', icon: AlertIcon });
  if (hasAnyRole(roles, ROUTE_ROLES.physicianNurseOrAdmin))
    items.push({ route: 'monitoringReport', label: 'monitoringReport', icon: FileIcon });
  items.push({ route: 'settings', label: 'settings', icon: SettingsIcon });
  return items;
}

/** The menu's second part, the same for everyone (spec §2, menu labels); quit follows them. */
export const INFO_ITEMS: readonly NavItem[] = [
  { route: 'faqs', label: 'faqs', icon: QuestionIcon },
  { route: 'privacyPolicy', label: 'privacyPolicy', icon: ShieldIcon },
  { route: 'termsAndConditions', label: 'termsAndConditions', icon: FileIcon },
  { route: 'feedback', label: 'feedback', icon: FeedbackIcon },
];

import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/roles';
import type { ComponentType } from 'react';
import type { RouteName } from '../../route-paths';
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
  | 'gateways'
  | 'devices'
  | 'help'
  | 'mail'
  | 'patients'
  | 'incompleteVisits'
  | 'analytics'
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

/** Web Bluetooth: the native-device condition of spec §2 for devices and the gateway's Wi-Fi setup. */
export function hasNativeDevices(): boolean {
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator;
}

/**
 * The menu of an account's roles: the same groups the route guards use, so a menu item never
 * leads to the forbidden page.
 */
export function navItemsFor(roles: readonly number[], nativeDevices: boolean): NavItem[] {
  const items: NavItem[] = [];
  if (hasAnyRole(roles, ROUTE_ROLES.admin)) items.push({ route: 'dashboard', label: 'dashboard', icon: DashboardIcon });
  items.push(
    { route: 'home', label: 'home', icon: HomeIcon },
    { route: 'appointments', label: 'appointments', icon: CalendarIcon },
  );
  if (hasAnyRole(roles, ROUTE_ROLES.patient)) {
    items.push(
      { route: 'measurements', label: 'measurements', icon: ActivityIcon },
      { route: 'gateways', label: 'gateways', icon: GatewayIcon },
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

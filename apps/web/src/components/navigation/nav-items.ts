import { hasAnyRole, ROUTE_ROLES } from '@opencare/schemas/role-table';
import type { ComponentType } from 'react';
import type { RouteName } from '../../route-paths';
import { INFO_LINKS, type InfoLink } from './info-links';
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

/** The menu's second part (info-links.ts), with its icons; quit follows them. */
const INFO_ICONS: Record<InfoLink['label'], NavItem['icon']> = {
  faqs: QuestionIcon,
  privacyPolicy: ShieldIcon,
  termsAndConditions: FileIcon,
  feedback: FeedbackIcon,
};
export const INFO_ITEMS: readonly NavItem[] = INFO_LINKS.map((link) => ({
  ...link,
  icon: INFO_ICONS[link.label],
}));

import type { RouteName } from '../../route-paths';

/** The dashboard's areas (spec §2, admin only), in the order the dashboard shows them. */
export const DASHBOARD_AREAS = [
  { id: 'userManagement', route: 'userManagement' },
  { id: 'patientManagement', route: 'patientManagement' },
  { id: 'caregivers', route: 'caregiverLinks' },
  { id: 'vendor', route: 'vendorManagement' },
  { id: 'deviceManagement', route: 'deviceManagement' },
  { id: 'organization', route: 'organization' },
  { id: 'appointmentManagement', route: 'appointmentManagement' },
  { id: 'telemedicine', route: 'telemedicine' },
  { id: 'reportingAndAnalytics', route: 'reportingAndAnalytics' },
  { id: 'billingAndPayments', route: 'billingAndPayments' },
  { id: 'alerts', route: 'alertSettings' },
  { id: 'security', route: 'securityAndCompliance' },
  { id: 'apiKeys', route: 'apiKeys' },
  { id: 'integrations', route: 'integrations' },
  { id: 'system', route: 'settingsManagement' },
  { id: 'systemManagement', route: 'systemManagement' },
] as const satisfies readonly { id: string; route: RouteName }[];

export type DashboardArea = (typeof DASHBOARD_AREAS)[number]['id'];

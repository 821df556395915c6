import type { SettingsArea } from '@opencare/schemas/entities/settings';
import type { ComponentType } from 'react';
import type { AreaFormApi } from './area-form';
import { AlertFields } from './fields/alert-fields';
import { AppointmentFields } from './fields/appointment-fields';
import { OrganizationFields } from './fields/organization-fields';
import { PatientManagementFields } from './fields/patient-management-fields';
import { ReportingFields } from './fields/reporting-fields';
import { SecurityFields } from './fields/security-fields';
import { SystemFields } from './fields/system-fields';
import { SystemManagementFields } from './fields/system-management-fields';
import { TelemedicineFields } from './fields/telemedicine-fields';
import { AwaitingApproval } from '../patients/awaiting-approval';
import { BillingArea } from './figures/billing-area';
import { ReportFigures } from './figures/report-figures';
import { SlotPreview } from './figures/slot-preview';
import { SystemStatusFigures } from './figures/system-status-figures';
import { TelemedicineStatus } from './figures/telemedicine-status';

interface AreaScreen<A extends SettingsArea> {
  /** None for an area that keeps no values of its own (billing: its codes table is its own screen part). */
  Fields?: ComponentType<{ form: AreaFormApi<A> }>;
  /** What the saved settings do, shown under the form; a save fetches them again (settings-queries.ts). */
  Figures?: ComponentType;
  /** Wider for tables and rows of figures. */
  size: 'md' | 'lg';
}

/** Each system area's screen: its settings, and the figures where the area has any. */
export const AREA_SCREENS: { [A in SettingsArea]: AreaScreen<A> } = {
  organization: { Fields: OrganizationFields, size: 'md' },
  security: { Fields: SecurityFields, size: 'md' },
  telemedicine: { Fields: TelemedicineFields, Figures: TelemedicineStatus, size: 'md' },
  appointmentManagement: { Fields: AppointmentFields, Figures: SlotPreview, size: 'md' },
  patientManagement: { Fields: PatientManagementFields, Figures: AwaitingApproval, size: 'md' },
  system: { Fields: SystemFields, size: 'md' },
  systemManagement: { Fields: SystemManagementFields, Figures: SystemStatusFigures, size: 'lg' },
  reportingAndAnalytics: { Fields: ReportingFields, Figures: ReportFigures, size: 'lg' },
  billingAndPayments: { Figures: BillingArea, size: 'lg' },
  alerts: { Fields: AlertFields, size: 'md' },
};

import {
  appSettingsSchema,
  appointmentSlotSchema,
  billingSummarySchema,
  publicSettingsSchema,
  reportSchema,
  SETTINGS_SCHEMAS,
  systemStatusSchema,
  telemedicineConfigSchema,
  type AppointmentSlot,
  type AppSettings,
  type BillingSummary,
  type PublicSettings,
  type Report,
  type Settings,
  type SettingsArea,
  type SystemStatus,
  type TelemedicineConfig,
} from '@opencare/schemas/entities/settings';
import { authedRequest, createApiClient, type ResponseSchema } from '../../api/client';

/** The calls of the dashboard's system areas and of the settings the whole app reads. */

/** One area's saved values, defaults filled in (admin). */
export function fetchAreaSettings<A extends SettingsArea>(area: A): Promise<Settings[A]> {
  return authedRequest(`/settings/${area}`, {
    schema: SETTINGS_SCHEMAS[area] as ResponseSchema<Settings[A]>,
  });
}

/** Change some of an area's fields; the answer is the area as saved (admin). */
export function saveAreaSettings<A extends SettingsArea>(
  area: A,
  patch: Partial<Settings[A]>,
): Promise<Settings[A]> {
  return authedRequest(`/settings/${area}`, {
    method: 'PATCH',
    body: patch,
    schema: SETTINGS_SCHEMAS[area] as ResponseSchema<Settings[A]>,
  });
}

// The public settings are fetched on every signed-out page: a client of their own, whose network
// failures nobody is told about (the branding falls back to the product's name), and that never
// touches the session's token refresh.
const quietClient = createApiClient();

export function fetchPublicSettings(): Promise<PublicSettings> {
  return quietClient.publicRequest('/settings/public', { schema: publicSettingsSchema }).then((r) => r.data);
}

export function fetchAppSettings(): Promise<AppSettings> {
  return authedRequest('/settings/app', { schema: appSettingsSchema });
}

export function fetchTelemedicineConfig(): Promise<TelemedicineConfig> {
  return authedRequest('/telemedicine/config', { schema: telemedicineConfigSchema });
}

/** The bookable slots of one day (YYYY-MM-DD); none on a day that is not a working day. */
export function fetchAppointmentSlots(date: string): Promise<AppointmentSlot[]> {
  return authedRequest(`/appointments/slots?date=${encodeURIComponent(date)}`, {
    schema: appointmentSlotSchema.array(),
  });
}

export function fetchReport(): Promise<Report> {
  return authedRequest('/reports/summary', { schema: reportSchema });
}

/** Remote-monitoring billing of one month (YYYY-MM). */
export function fetchBillingSummary(month: string): Promise<BillingSummary> {
  return authedRequest(`/billing/rpm?month=${encodeURIComponent(month)}`, { schema: billingSummarySchema });
}

export function fetchSystemStatus(): Promise<SystemStatus> {
  return authedRequest('/system/status', { schema: systemStatusSchema });
}

import type { Settings, SettingsArea } from '@opencare/schemas/entities/settings';
import { trpc } from '../../api/trpc';

/** The areas whose fields appear in the public or app settings (branding, language, banner, …). */
const SHARED_AREAS: readonly SettingsArea[] = ['organization', 'security', 'system', 'patientManagement'];

/** One area's saved values, defaults filled in (admin). */
export function useAreaSettings<A extends SettingsArea>(area: A) {
  const query = trpc.settings.get.useQuery({ area });
  return { ...query, data: query.data as Settings[A] | undefined };
}

/**
 * Saving some of an area's fields: the answer is the area as saved, written into its query; what
 * shows the area's effect is fetched again — its figures (the report, billing, system status, the
 * telemedicine rules, the bookable slots, wherever they are shown) and, for the areas the whole app
 * reads, the public and app settings (header, banner, sign-in language).
 */
export function useSaveAreaMutation() {
  const utils = trpc.useUtils();
  return trpc.settings.update.useMutation({
    onSuccess(saved, { area }) {
      utils.settings.get.setData({ area }, saved);
      void utils.settings.all.invalidate();
      if (SHARED_AREAS.includes(area)) {
        void utils.settings.public.invalidate();
        void utils.settings.app.invalidate();
      }
      if (area === 'telemedicine') void utils.telemedicine.config.invalidate();
      if (area === 'appointmentManagement') void utils.appointments.slots.invalidate();
      if (area === 'systemManagement') void utils.reports.systemStatus.invalidate();
      if (area === 'reportingAndAnalytics') void utils.reports.summary.invalidate();
      if (area === 'billingAndPayments') void utils.reports.rpmBilling.invalidate();
    },
  });
}

/** A read not asked for yet (an incomplete date, say): shown as `data` at once, nothing fetched. */
export function settled<T>(data: T) {
  return { status: 'success' as const, data, error: null, refetch: () => undefined };
}

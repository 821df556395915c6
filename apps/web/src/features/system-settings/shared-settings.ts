import type { AppSettings, PublicSettings } from '@opencare/schemas/entities/settings';
import { trpc } from '../../api/trpc';
import { rememberClinicTimezone } from '../appointments/clinic-timezone';

/**
 * The organisation's settings every page reads (branding, sign-in language, maintenance banner):
 * one cached query each, shared by every header and banner, kept until an admin's save of an area
 * they come from invalidates them (settings-queries.ts). A failure is asked again by the next page
 * that needs them. `meta.quiet`: the branding falls back to the product's name, so a failure to
 * reach the server here is nobody's news.
 */
const SHARED = { staleTime: Infinity, meta: { quiet: true } } as const;

/** What anyone may know: organisation name, logo, sign-in language. Null until it arrives. */
export function usePublicSettings(enabled = true): PublicSettings | null {
  const query = trpc.settings.public.useQuery(undefined, { ...SHARED, enabled });
  return enabled ? (query.data ?? null) : null;
}

/** The signed-in app's settings (the public ones, the maintenance message, …). Null until they arrive. */
export function useAppSettings(enabled = true): AppSettings | null {
  const query = trpc.settings.app.useQuery(undefined, { ...SHARED, enabled });
  const settings = enabled ? (query.data ?? null) : null;
  // Times say their zone when the person is not in the clinic's (appointments/format.ts).
  rememberClinicTimezone(settings?.timezone ?? null);
  return settings;
}

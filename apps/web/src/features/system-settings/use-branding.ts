import { useEffect } from 'react';
import { useSession } from '../../session/use-session';
import { checkedItem } from '../../session/stored-item';
import { useAppSettings, usePublicSettings } from './shared-settings';

export interface Branding {
  organizationName: string;
  logo: string | null;
}

// The last branding seen on this device: the header starts with it rather than flashing the
// product's name on every page load while the settings are on their way.
const remembered = checkedItem('local', 'opencare.branding', async () => (await import('./branding-check')).checkBranding);

/** The organisation's name and logo for the header: from the app settings signed in, the public ones signed out. */
export function useBranding(): Branding | null {
  const { state } = useSession();
  const signedIn = state.status === 'signed-in';
  const app = useAppSettings(signedIn);
  const open = usePublicSettings(!signedIn);
  const settings = signedIn ? app : open;
  const organizationName = settings?.organizationName;
  const logo = settings?.logo;

  useEffect(() => {
    if (organizationName !== undefined && logo !== undefined) remembered.set({ organizationName, logo });
  }, [organizationName, logo]);

  if (organizationName !== undefined && logo !== undefined) return { organizationName, logo };
  return remembered.get();
}

import { useEffect } from 'react';
import { usePreferences } from '../../session/use-preferences';
import { useSession } from '../../session/use-session';
import { useAppSettings, usePublicSettings } from './shared-settings';

/**
 * The organisation's default language (system area) for the sign-in screens and for new users, until
 * the person chooses one on this device; the preferences provider knows whether they have.
 */
export function useDefaultLanguage(): void {
  const { state } = useSession();
  const signedIn = state.status === 'signed-in';
  // The same requests as the header's branding: nothing extra is fetched for this.
  const app = useAppSettings(signedIn);
  const open = usePublicSettings(!signedIn);
  const language = (signedIn ? app : open)?.defaultLanguage;
  const { adoptDefaultLanguage } = usePreferences();
  useEffect(() => {
    if (language) adoptDefaultLanguage?.(language);
  }, [language, adoptDefaultLanguage]);
}

import { Drawer, Modal } from '@mantine/core';
import { DEFAULT_PREFERENCES } from '@opencare/schemas/preferences';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { PreferencesProvider } from './preferences-provider';
import { loadPreferences, loadStoredPreferences, PREFERENCES_KEY } from './preferences-store';
import { usePreferences } from './use-preferences';

const wrapper = ({ children }: { children: ReactNode }) => <PreferencesProvider>{children}</PreferencesProvider>;
const stored = () => JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? 'null') as unknown;

describe('preferences', () => {
  afterEach(() => {
    // Leave the shared i18next instance and document as the other tests expect them.
    const { result } = renderHook(() => usePreferences(), { wrapper });
    act(() => result.current.setPreference('language', 'en-US'));
  });

  it('start from the defaults of spec §3 on a new device', () => {
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
    const { result } = renderHook(() => usePreferences(), { wrapper });
    expect(result.current.preferences).toMatchObject({
      theme: 'auto',
      textSize: 'md',
      language: 'en-US',
      callEngine: 'livekit',
      temperatureUnit: 'F',
      weightUnit: 'lb',
      overdueTime: 10,
    });
  });

  it('are remembered on this device', () => {
    const { result, unmount } = renderHook(() => usePreferences(), { wrapper });
    act(() => result.current.setPreference('textSize', 'xl'));
    act(() => result.current.setPreference('callEngine', 'simple-peer'));
    expect(result.current.preferences.textSize).toBe('xl');
    expect(stored()).toMatchObject({ textSize: 'xl', callEngine: 'simple-peer' });
    unmount();

    const again = renderHook(() => usePreferences(), { wrapper });
    expect(again.result.current.preferences).toMatchObject({ textSize: 'xl', callEngine: 'simple-peer' });
  });

  it('keep the valid stored fields and default the others', async () => {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ theme: 'dark', textSize: 'huge', language: 'fr', extra: 1 }));
    expect(await loadStoredPreferences()).toEqual({ ...DEFAULT_PREFERENCES, theme: 'dark' });
    localStorage.setItem(PREFERENCES_KEY, 'not json');
    expect(await loadStoredPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('take the language an earlier release remembered, until preferences are saved', async () => {
    localStorage.setItem('opencare.language', 'ar');
    expect(await loadStoredPreferences()).toEqual({ ...DEFAULT_PREFERENCES, language: 'ar' });
    localStorage.setItem('opencare.language', 'fr');
    expect(await loadStoredPreferences()).toEqual(DEFAULT_PREFERENCES);
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify({ language: 'es' }));
    expect((await loadStoredPreferences()).language).toBe('es');
  });

  it('apply the language at once: i18next, <html lang dir>', () => {
    function Title() {
      const { t } = useTranslation();
      return <h1>{t('login.title')}</h1>;
    }
    let set: ReturnType<typeof usePreferences>['setPreference'] = () => undefined;
    function Capture() {
      set = usePreferences().setPreference;
      return null;
    }
    render(
      <PreferencesProvider>
        <Capture />
        <Title />
      </PreferencesProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Log in');

    act(() => set('language', 'ar'));
    expect(screen.getByRole('heading').textContent).toBe('تسجيل الدخول');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');

    act(() => set('language', 'es'));
    expect(screen.getByRole('heading').textContent).toBe('Iniciar sesión');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it("name every dialog's close button in the language shown", () => {
    let set: ReturnType<typeof usePreferences>['setPreference'] = () => undefined;
    function Dialogs() {
      set = usePreferences().setPreference;
      return (
        <>
          <Modal opened onClose={() => undefined} title="A form" />
          <Drawer opened onClose={() => undefined} title="A panel" />
        </>
      );
    }
    render(
      <PreferencesProvider>
        <Dialogs />
      </PreferencesProvider>,
    );
    const closeButtons = (name: string) => screen.queryAllByRole('button', { name, hidden: true });
    expect(closeButtons('Close')).toHaveLength(2);
    act(() => set('language', 'ar'));
    expect(closeButtons('إغلاق')).toHaveLength(2);
  });

  it('apply the theme and the text size at once', () => {
    const { result } = renderHook(() => usePreferences(), { wrapper });
    const root = document.documentElement;
    const fontSize = () => getComputedStyle(root).getPropertyValue('--mantine-font-size-md').trim();

    act(() => result.current.setPreference('theme', 'dark'));
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    act(() => result.current.setPreference('theme', 'light'));
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');

    const medium = fontSize();
    act(() => result.current.setPreference('textSize', 'xl'));
    expect(fontSize()).not.toBe(medium);
    expect(fontSize()).toMatch(/^calc\(1\.25rem\b/); // md 16 px × 1.25

    // The palettes of spec §3 are CSS variables of the colour scheme.
    expect(getComputedStyle(root).getPropertyValue('--oc-color-primary').trim()).toBe('#087f5b');
  });
});

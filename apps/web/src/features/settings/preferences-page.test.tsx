// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../signup/testing/harness';
import { settingsRoute } from './routes';

afterEach(cleanup);

describe('preferences', () => {
  it('opens /settings on the preferences, showing the current choices', () => {
    const { router } = renderRoutes([settingsRoute], {
      path: '/settings',
      preferences: { textSize: 'xl', theme: 'dark' },
    });
    expect(router.state.location.pathname).toBe('/settings/preferences');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Extra large' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Dark' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Through the video server' }).checked).toBe(true);
  });

  it('applies each choice at once through the preferences hook', () => {
    const { setPreference } = renderRoutes([settingsRoute], { path: '/settings/preferences' });
    fireEvent.click(screen.getByRole('radio', { name: 'Large' }));
    fireEvent.click(screen.getByRole('radio', { name: 'العربية' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Directly between devices' }));
    expect(setPreference.mock.calls).toEqual([
      ['textSize', 'lg'],
      ['language', 'ar'],
      ['theme', 'light'],
      ['callEngine', 'simple-peer'],
    ]);
  });

  it('names every choice group for assistive technology', () => {
    renderRoutes([settingsRoute], { path: '/settings/preferences' });
    for (const name of ['Text size', 'Language', 'Theme', 'Video visit connection']) {
      expect(screen.getByRole('radiogroup', { name })).toBeTruthy();
    }
  });
});

import { NOTIFICATION_TIMEOUT_MS } from '@opencare/schemas/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { PreferencesProvider } from '../../session/preferences-provider';
import { NotificationsProvider } from './notifications-provider';
import { useNotifyError } from './use-notify';

let notifyError: (error: unknown) => void = () => undefined;
function Capture() {
  notifyError = useNotifyError();
  return null;
}

function renderNotifications() {
  render(
    <PreferencesProvider>
      <NotificationsProvider>
        <Capture />
      </NotificationsProvider>
    </PreferencesProvider>,
  );
}

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('show an error by its catalogue key for 6 seconds', () => {
    renderNotifications();
    act(() => notifyError(ApiError.of('err_network')));
    expect(screen.getByRole('alert').textContent).toContain('Network Error');

    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fall back to the generic message for an unknown key', () => {
    renderNotifications();
    act(() => notifyError(new ApiError(500, 'somethingNew', 'Something new')));
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong, please try again.');
  });

  it('show one notification per key, its timer restarted by a repeat', () => {
    renderNotifications();
    act(() => notifyError('err_network'));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    act(() => notifyError('err_network'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
  });

  it('can be closed at once', () => {
    renderNotifications();
    act(() => notifyError('sessionExpired'));
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../session/session-store';
import { fakeFetch, ok } from '../../signup/testing/harness';
import { analytics, renderPatients } from '../testing/render-patients';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('/analytics', () => {
  it('shows the figures, the adherence chart and the out-of-range and visit bars', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'analytics.summary' ? ok(analytics()) : undefined));
    renderPatients('/analytics');
    expect(await screen.findByTestId('analytics')).toBeTruthy();
    const query = calls[0]!.body as { from: string; to: string };
    expect(Date.parse(query.to) - Date.parse(query.from)).toBe(29 * 86_400_000);
    expect(screen.getByTestId('stat-adherence').textContent).toContain('70%');
    expect(screen.getByTestId('stat-adherence').textContent).toContain('Target 80%');
    expect(screen.getByTestId('stat-outOfRange').textContent).toContain('7');
    expect(within(screen.getByTestId('adherence-chart')).getAllByTestId('adherence-bar')).toHaveLength(2);
    const bars = within(screen.getByTestId('out-of-range-bars')).getAllByTestId('bar-row');
    expect(bars[0]!.textContent).toContain('High: 5, Very high: 2');
    expect(
      within(screen.getByTestId('visit-bars'))
        .getAllByTestId('bar-row')
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('Complete'), expect.stringContaining('Missed')]);
    fireEvent.click(screen.getByRole('button', { name: 'Show as a table' }));
    expect(within(screen.getByTestId('adherence-table')).getAllByRole('row')).toHaveLength(3);
  });

  it('reads another period when one is chosen', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'analytics.summary' ? ok(analytics()) : undefined));
    const { router } = renderPatients('/analytics');
    await screen.findByTestId('analytics');
    fireEvent.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    const query = calls[1]!.body as { from: string; to: string };
    expect(Date.parse(query.to) - Date.parse(query.from)).toBe(6 * 86_400_000);
    expect(router.state.location.search).toBe('?days=7');

    fireEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect((calls.at(-1)!.body as { from: string }).from).toBe('2026-01-01'));
  });

  it('says so when nothing happened in the period', async () => {
    fakeFetch(({ path }) =>
      path === 'analytics.summary'
        ? ok(
            analytics({
              adherenceByWeek: [{ weekStart: '2026-02-02', due: 0, completed: 0, percent: null }],
              outOfRange: [],
              visitsByStatus: [],
            }),
          )
        : undefined,
    );
    renderPatients('/analytics');
    expect(await screen.findByText('No tasks were due in this period.')).toBeTruthy();
    expect(screen.getByText('No reading was out of range in this period.')).toBeTruthy();
    expect(screen.getByText('No visits in this period.')).toBeTruthy();
  });
});

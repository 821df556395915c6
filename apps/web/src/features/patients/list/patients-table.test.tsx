// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../session/session-store';
import { fakeFetch, ok } from '../../signup/testing/harness';
import { patientRow, renderPatients } from '../testing/render-patients';

const page = (items: unknown[]) =>
  ok({
    items,
    meta: {
      total: items.length,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    },
  });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
const listCalls = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === 'patients.list');

describe('the patients table', () => {
  it('shows open alerts in the colour of the worst, the last reading, and adherence', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    fakeFetch(({ path }) =>
      path === 'patients.list'
        ? page([
            patientRow({
              openAlerts: { count: 2, worst: 'high' },
              lastReading: { type: 'bp', takenAt: twoHoursAgo },
              adherence: { due: 4, completed: 1, percent: 25 },
            }),
            patientRow({ accountId: '9e1c8c9f-4a2f-4b63-8e98-1c8d5c3a0b23', fullName: 'Casey Jordan' }),
          ])
        : undefined,
    );
    renderPatients('/patients');
    const [pat, casey] = await screen.findAllByTestId('patient-row');
    const alerts = within(pat!).getByTestId('open-alerts');
    expect(alerts.dataset.range).toBe('high');
    expect(alerts.textContent).toContain('Open alerts: 2, the worst High');
    expect(alerts.getAttribute('style')).toContain('var(--oc-color-high)');
    expect(within(pat!).getByTestId('last-reading').textContent).toBe('Blood pressure · 2 hr. ago');
    expect(within(pat!).getByTestId('adherence').textContent).toBe('25%');
    // Nothing open, never read, nothing due.
    expect(within(casey!).getByTestId('open-alerts').textContent).toBe('None');
    expect(within(casey!).getByTestId('last-reading').textContent).toBe('No readings yet');
    expect(within(casey!).getByTestId('adherence').textContent).toContain('—');
  });

  it('sorts by name by default, and each sortable header is a button that sorts on the server', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'patients.list' ? page([patientRow()]) : undefined));
    const { router } = renderPatients('/patients');
    await screen.findByTestId('patient-row');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    for (const name of ['Open alerts', 'Last reading', 'Adherence']) {
      expect(header(name).hasAttribute('aria-sort'), name).toBe(false);
      expect(within(header(name)).getByRole('button').tagName).toBe('BUTTON');
    }
    // MRN, age, date of birth and provider do not sort.
    expect(within(header('MRN')).queryByRole('button')).toBeNull();

    // Open alerts start from the most severe; again turns it round.
    fireEvent.click(within(header('Open alerts')).getByRole('button'));
    await waitFor(() => expect(header('Open alerts').getAttribute('aria-sort')).toBe('descending'));
    expect(router.state.location.search).toBe('?sort=openAlerts');
    expect(header('Name').hasAttribute('aria-sort')).toBe(false);
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.body).toEqual({ page: 1, pageSize: 20, sort: 'openAlerts' }),
    );

    fireEvent.click(within(header('Open alerts')).getByRole('button'));
    await waitFor(() => expect(header('Open alerts').getAttribute('aria-sort')).toBe('ascending'));
    expect(router.state.location.search).toBe('?sort=openAlerts&direction=asc');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)!.body).toEqual({
        page: 1,
        pageSize: 20,
        sort: 'openAlerts',
        direction: 'asc',
      }),
    );

    // Adherence starts from the lowest; name back to A to Z leaves the address clean.
    fireEvent.click(within(header('Adherence')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=adherence'));
    expect(header('Adherence').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.click(within(header('Name')).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?direction=desc'));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
  });

  it('reads the sort from the address (a reload, the way back) and goes back to page 1 on a new sort', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'patients.list' ? page([patientRow()]) : undefined));
    const { router } = renderPatients('/patients?sort=lastReading&direction=asc&page=3');
    await screen.findByTestId('patient-row');
    expect(header('Last reading').getAttribute('aria-sort')).toBe('ascending');
    expect(listCalls(calls)[0]!.body).toEqual({
      page: 3,
      pageSize: 20,
      sort: 'lastReading',
      direction: 'asc',
    });
    fireEvent.change(screen.getByTestId('patient-sort'), { target: { value: 'adherence' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=adherence'));
  });

  it('ignores a sort the address cannot name', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'patients.list' ? page([patientRow()]) : undefined));
    renderPatients('/patients?sort=shoeSize&direction=sideways');
    await screen.findByTestId('patient-row');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(listCalls(calls)[0]!.body).toEqual({ page: 1, pageSize: 20 });
  });
});

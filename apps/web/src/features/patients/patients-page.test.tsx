// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { PATIENT_ID, patientRow, renderPatients } from './testing/render-patients';

const meta = (total: number, page = 1) => ({
  total,
  page,
  pageSize: 20,
  totalPages: Math.max(1, Math.ceil(total / 20)),
  hasNextPage: page * 20 < total,
  hasPreviousPage: page > 1,
});
const list = (items: unknown[], total = items.length, page = 1) => ok({ items, meta: meta(total, page) });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.useRealTimers();
  sessionStore.accessToken.clear();
});

describe('/patients', () => {
  it('lists patients with MRN, age and primary provider; the name opens the snapshot', async () => {
    fakeFetch(({ path }) => (path === 'patients.list' ? list([patientRow()]) : undefined));
    const { router } = renderPatients('/patients');
    const row = await screen.findByTestId('patient-row');
    expect(within(row).getAllByText('MRN500001').length).toBeGreaterThan(0);
    expect(within(row).getByText('67 years')).toBeTruthy();
    expect(within(row).getByText('Priya Raman')).toBeTruthy();
    // A birth date is a calendar day: no time zone moves it.
    expect(within(row).getByText('Apr 12, 1958')).toBeTruthy();
    fireEvent.click(within(row).getByRole('link', { name: 'Pat Morgan' }));
    expect(router.state.location.pathname).toBe(`/patients/${PATIENT_ID}`);
  });

  it('searches by name or MRN after a pause, and by date of birth', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'patients.list' ? list([patientRow()]) : undefined));
    const { router } = renderPatients('/patients');
    await screen.findByTestId('patient-row');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.change(screen.getByLabelText('Name or MRN'), { target: { value: ' morgan ' } });
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(router.state.location.search).toBe('?search=morgan');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1958-04-12' } });
    await screen.findByTestId('patient-row');
    expect(calls.at(-1)).toEqual({
      method: 'query',
      path: 'patients.list',
      body: { page: 1, pageSize: 20, search: 'morgan', dateOfBirth: '1958-04-12' },
    });
  });

  it('pages through a long list', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path !== 'patients.list') return undefined;
      const { page } = body as { page: number };
      return list([patientRow({ fullName: `Patient ${page}` })], 25, page);
    });
    renderPatients('/patients');
    await screen.findByText('Patient 1');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Patient 2');
    expect(calls.at(-1)!.body).toEqual({ page: 2, pageSize: 20 });
  });

  it('says so when nobody matches, and when the list cannot be loaded', async () => {
    let broken = true;
    fakeFetch(({ path }) => {
      if (path !== 'patients.list') return undefined;
      return broken
        ? fail(403, 'err_forbidden', 'Sorry, you do not have permission to access this page.')
        : list([]);
    });
    renderPatients('/patients?search=zzz');
    expect((await screen.findByTestId('load-failed')).textContent).toContain('permission');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No patient matches')).toBeTruthy();
  });
});

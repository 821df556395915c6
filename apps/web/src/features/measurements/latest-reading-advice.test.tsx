// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fakeFetch, ok } from '../signup/testing/harness';
import { appSettings } from '../system-settings/testing/fixtures';
import { LatestReadingAdvice } from './latest-reading-advice';
import { measurement, page, renderWithSession, signedInAs } from './testing/harness';

const ADVICE = { bp: { highest: 'Rest 5 minutes and measure again; if above 180/120 with symptoms, call 911.' } };

beforeEach(() => {
  sessionStore.accessToken.set('test-token');
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

function show(latest: ReturnType<typeof measurement> | null) {
  const { calls } = fakeFetch(({ path }) => {
    if (path === 'settings.app') return ok(appSettings({ readingAdvice: ADVICE }));
    if (path === 'measurements.list') return { body: page(latest ? [latest] : []) };
    return undefined;
  });
  renderWithSession([{ path: '/', element: <LatestReadingAdvice /> }], '/', {
    session: signedInAs(ROLES.Patient),
    date: '2026-03-02',
  });
  return calls;
}

describe("the patient's latest reading advice", () => {
  it("shows the clinic's advice after a recent out-of-range reading (a gateway's too), until closed", async () => {
    const reading = measurement({ values: { systolic: 186, diastolic: 124 }, rangeClass: 'highest', source: 'gateway' });
    const calls = show(reading);
    const advice = await screen.findByTestId('reading-advice');
    expect(advice.getAttribute('role')).toBe('alert');
    expect(advice.textContent).toContain(ADVICE.bp.highest);
    expect(advice.textContent).toMatch(/Blood pressure at \d{2}:\d{2}/);
    // Only the last hours' newest reading is asked for.
    const asked = calls.find((c) => c.path === 'measurements.list')?.body as { from: string; pageSize: number };
    expect(asked.pageSize).toBe(1);
    expect(Date.now() - Date.parse(asked.from)).toBeGreaterThan(11 * 3600_000);

    fireEvent.click(screen.getByRole('button', { name: 'Close the advice' }));
    await waitFor(() => expect(screen.queryByTestId('reading-advice')).toBeNull());
    expect(localStorage.getItem('opencare.adviceDismissed')).toBe(reading.id);
  });

  it('says nothing after a normal reading, a range without advice, or no recent reading', async () => {
    // The clinic's advice is loaded (and shown for a reading that has some) before the others.
    show(measurement({ rangeClass: 'highest' }));
    expect(await screen.findByTestId('reading-advice')).toBeTruthy();
    cleanup();
    for (const latest of [measurement({ rangeClass: 'normal' }), measurement({ rangeClass: 'high' }), null]) {
      const calls = show(latest);
      await waitFor(() => expect(calls.some((c) => c.path === 'measurements.list')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId('reading-advice')).toBeNull();
      cleanup();
    }
  });
});

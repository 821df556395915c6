// @vitest-environment happy-dom
import type { Enrolment } from '@opencare/schemas/entities/enrolment';
import { ERRORS } from '@opencare/schemas/errors';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store';
import { makeAccount, makeUser } from '../../../testing/fixtures';
import { Providers } from '../../../testing/render-app';
import { fail, fakeFetch, ok } from '../../signup/testing/harness';
import { PATIENT_ID, PHYSICIAN_ID } from '../testing/render-patients';
import { EnrolmentCard } from './enrolment-card';
import { MonitoringConsent } from './monitoring-consent';

const PROVIDER = { accountType: { code: 'prov', description: 'Provider' } };
const NURSE = makeAccount([ROLES.Nurse], PROVIDER);
const PATIENT = { ...makeAccount([ROLES.Patient]), id: PATIENT_ID };

const enrolment = (overrides: Partial<Enrolment> = {}): Enrolment => ({
  id: crypto.randomUUID(),
  patientAccountId: PATIENT_ID,
  status: 'active',
  conditions: ['Hypertension'],
  measurementTypes: ['bp'],
  devices: ['Omron BP7000'],
  startDate: '2026-12-01',
  primaryProviderAccountId: PHYSICIAN_ID,
  primaryProviderName: 'Priya Raman',
  enrolledByName: 'Noah Bennett',
  createdAt: '2026-12-01T15:00:00.000Z',
  consent: { method: 'verbal', at: '2026-12-01T14:50:00.000Z', recordedByAccountId: NURSE.id, recordedByName: 'Noah Bennett', witness: 'Dana Reyes' },
  consentWithdrawnAt: null,
  setupAt: null,
  setupByName: null,
  setupNote: null,
  endedAt: null,
  ...overrides,
});

const wrapperAs = (account: typeof NURSE) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <Providers session={{ status: 'signed-in', user: makeUser([account]), account }}>{children}</Providers>;
  };

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('the monitoring programme on the chart', () => {
  it('enrols with verbal consent: checks the form first, sends the consent with its witness', async () => {
    let list: Enrolment[] = [];
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'enrolments.list') return ok(list);
      if (path === 'providers.list') return ok({ items: [{ accountId: PHYSICIAN_ID, fullName: 'Priya Raman', role: 'Physician' }], meta: { page: 1, pageSize: 100, total: 1, totalPages: 1 } });
      if (path === 'enrolments.enrol') {
        list = [enrolment()];
        return ok(list[0], 201);
      }
      return undefined;
    });
    render(<EnrolmentCard patientId={PATIENT_ID} />, { wrapper: wrapperAs(NURSE) });
    expect(await screen.findByText('Not enrolled in remote monitoring.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('enrol-patient'));
    const form = await screen.findByTestId('enrol-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Enrol' }));
    expect(await within(form).findByText('Name from 1 to 10 conditions.')).toBeTruthy();
    expect(within(form).getByText('Choose at least one measurement.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'enrolments.enrol')).toBe(false);

    const conditions = within(form).getByLabelText(/Conditions/);
    fireEvent.change(conditions, { target: { value: 'Hypertension' } });
    fireEvent.keyDown(conditions, { key: 'Enter' });
    fireEvent.click(within(form).getByText('Blood pressure'));
    fireEvent.click(within(form).getByLabelText(/Primary provider/));
    fireEvent.click(await screen.findByRole('option', { name: /Priya Raman/, hidden: true }));
    fireEvent.change(within(form).getByLabelText(/Witness/), { target: { value: 'Dana Reyes (daughter)' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enrol' }));
    await waitFor(() => expect(screen.queryByTestId('enrol-form')).toBeNull());
    const sent = calls.find((c) => c.path === 'enrolments.enrol')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ patientId: PATIENT_ID, conditions: ['Hypertension'], measurementTypes: ['bp'], primaryProviderId: PHYSICIAN_ID, consent: { method: 'verbal', witness: 'Dana Reyes (daughter)' } });
    expect((await screen.findByTestId('enrolment-consent')).textContent).toContain('witnessed by Dana Reyes');
    expect(screen.getByTestId('record-setup')).toBeTruthy();
  });

  it('says when the set-up was already recorded by someone else', async () => {
    fakeFetch(({ path }) => {
      if (path === 'enrolments.list') return ok([enrolment()]);
      if (path === 'enrolments.setup') return fail(409, 'setupAlreadyRecorded', ERRORS.setupAlreadyRecorded.message);
      return undefined;
    });
    render(<EnrolmentCard patientId={PATIENT_ID} />, { wrapper: wrapperAs(NURSE) });
    fireEvent.click(await screen.findByTestId('record-setup'));
    expect(await screen.findByText(/already recorded/)).toBeTruthy();
  });
});

describe('the patient’s consent', () => {
  it('signs an invitation in the app, then may withdraw after confirming', async () => {
    let episode = enrolment({ status: 'awaitingConsent', consent: null });
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'enrolments.list') return ok([episode]);
      if (path === 'enrolments.consent') {
        episode = { ...episode, status: 'active', consent: { method: 'app', at: '2026-12-02T10:00:00.000Z', recordedByAccountId: PATIENT_ID, recordedByName: 'Pat Morgan', witness: null } };
        return ok(episode);
      }
      if (path === 'enrolments.withdraw') {
        episode = { ...episode, status: 'ended', consentWithdrawnAt: '2026-12-02T10:05:00.000Z' };
        return ok(episode);
      }
      return undefined;
    });
    render(<MonitoringConsent />, { wrapper: wrapperAs(PATIENT) });
    expect((await screen.findByTestId('monitoring-consent')).textContent).toContain('Your clinic invites you to remote monitoring');
    fireEvent.click(screen.getByTestId('give-consent'));
    await waitFor(() => expect(screen.getByTestId('monitoring-consent').textContent).toContain('You take part in remote monitoring'));
    expect(screen.getByTestId('enrolment-consent').textContent).toContain('Consent signed in the app');

    fireEvent.click(screen.getByTestId('withdraw-consent'));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.path === 'enrolments.withdraw')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw consent' }));
    await waitFor(() => expect(screen.queryByTestId('monitoring-consent')).toBeNull());
    expect(calls.filter((c) => c.path.startsWith('enrolments.') && c.path !== 'enrolments.list').map((c) => c.path)).toEqual(['enrolments.consent', 'enrolments.withdraw']);
  });
});

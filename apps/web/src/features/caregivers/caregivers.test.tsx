// @vitest-environment happy-dom
import type { CaregiverLink, Caregiving } from '@opencare/schemas/entities/caregivers';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { makeAccount, makeUser } from '../../testing/fixtures';
import { Providers } from '../../testing/render-app';
import { fakeFetch, ok } from '../signup/testing/harness';
import { CaregiverHome } from './caregiver-home';
import { MyCaregiversPage } from './my-caregivers-page';

const PATIENT = makeAccount([ROLES.Patient]);
const CAREGIVER = makeAccount([ROLES.User], { accountType: { code: 'car', description: 'Caregiver' } });

const link = (overrides: Partial<CaregiverLink> = {}): CaregiverLink => ({
  id: crypto.randomUUID(),
  patient: { accountId: PATIENT.id, name: 'Layla Haddad' },
  caregiver: null,
  email: 'dana@example.test',
  scopes: ['readings'],
  status: 'invited',
  consent: { method: 'patientInvited', at: '2026-12-01T15:00:00.000Z', recordedByName: 'Layla Haddad', witness: null },
  createdAt: '2026-12-01T15:00:00.000Z',
  acceptedAt: null,
  endedAt: null,
  endedByName: null,
  ...overrides,
});

const wrapperAs = (account: typeof PATIENT) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter>
        <Providers session={{ status: 'signed-in', user: makeUser([account]), account }}>{children}</Providers>
      </MemoryRouter>
    );
  };

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe("the patient's caregivers", () => {
  it('invites by e-mail with what the caregiver may do; at least one thing is required', async () => {
    let links: CaregiverLink[] = [];
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'caregivers.mine') return ok(links);
      if (path === 'caregivers.invite') {
        const sent = body as { email: string; scopes: CaregiverLink['scopes'] };
        links = [link({ email: sent.email, scopes: sent.scopes })];
        return ok(links[0], 201);
      }
      return undefined;
    });
    render(<MyCaregiversPage />, { wrapper: wrapperAs(PATIENT) });
    expect(await screen.findByText('No caregivers yet')).toBeTruthy();
    const form = screen.getByTestId('invite-caregiver-form');
    fireEvent.change(within(form).getByLabelText(/Their e-mail address/), { target: { value: 'dana@example.test' } });
    // "See my readings" is chosen to begin with; without any, the form says so and sends nothing.
    fireEvent.click(within(form).getByLabelText('See my readings and daily tasks'));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Choose at least one thing the caregiver may do.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'caregivers.invite')).toBe(false);

    fireEvent.click(within(form).getByLabelText('Record readings for me'));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    const item = await screen.findByTestId('caregiver-item');
    expect(item.getAttribute('data-status')).toBe('invited');
    expect(calls.find((c) => c.path === 'caregivers.invite')?.body).toEqual({ email: 'dana@example.test', scopes: ['recordReadings'] });
  });

  it('ends a caregiver’s access only after confirming', async () => {
    const active = link({ status: 'active', caregiver: { accountId: CAREGIVER.id, name: 'Dana Reyes' }, acceptedAt: '2026-12-01T16:00:00.000Z' });
    let links = [active];
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'caregivers.mine') return ok(links);
      if (path === 'caregivers.revoke') {
        links = [{ ...active, status: 'revoked', endedAt: '2026-12-02T08:00:00.000Z' }];
        return ok(links[0]);
      }
      return undefined;
    });
    render(<MyCaregiversPage />, { wrapper: wrapperAs(PATIENT) });
    fireEvent.click(await screen.findByTestId('revoke-caregiver'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('End Dana Reyes’s access?')).toBeTruthy();
    expect(calls.some((c) => c.path === 'caregivers.revoke')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End access' }));
    await waitFor(() => expect(screen.getByTestId('past-caregivers')).toBeTruthy());
    expect(within(screen.getByTestId('past-caregivers')).getByTestId('caregiver-item').getAttribute('data-status')).toBe('revoked');
  });
});

describe("the caregiver's home", () => {
  it('lists the invitations to answer and the people cared for, each with what they may do', async () => {
    let caregiving: Caregiving = {
      people: [{ linkId: crypto.randomUUID(), accountId: crypto.randomUUID(), name: 'Pat Morgan', scopes: ['readings', 'messages'] }],
      invitations: [link({ scopes: ['readings', 'recordReadings'] })],
    };
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'caregivers.caregiving') return ok(caregiving);
      if (path === 'caregivers.accept') {
        caregiving = {
          people: [...caregiving.people, { linkId: caregiving.invitations[0]!.id, accountId: PATIENT.id, name: 'Layla Haddad', scopes: ['readings', 'recordReadings'] }],
          invitations: [],
        };
        return ok({ ...caregiving.invitations[0], status: 'active' });
      }
      return undefined;
    });
    render(<CaregiverHome />, { wrapper: wrapperAs(CAREGIVER) });
    const invitation = await screen.findByTestId('caregiver-invitation');
    expect(invitation.textContent).toContain('Layla Haddad invites you to be their caregiver.');
    expect(invitation.textContent).toContain('See readings and daily tasks · Record readings');
    expect(screen.getByTestId('cared-for-person').textContent).toContain('See readings and daily tasks · Write to the care team');
    fireEvent.click(within(invitation).getByTestId('accept-caregiving'));
    await waitFor(() => expect(screen.getAllByTestId('cared-for-person')).toHaveLength(2));
    expect(screen.queryByTestId('caregiver-invitation')).toBeNull();
    expect(calls.filter((c) => c.path === 'caregivers.accept')).toHaveLength(1);
  });

  it('says so when nobody is cared for yet', async () => {
    fakeFetch(({ path }) => (path === 'caregivers.caregiving' ? ok({ people: [], invitations: [] }) : undefined));
    render(<CaregiverHome />, { wrapper: wrapperAs(CAREGIVER) });
    expect(await screen.findByText('Nobody to care for yet')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import type { Visit } from '@opencare/schemas/entities/appointments';
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../session/session-store';
import { renderRoutes } from '../../../testing/render-app';
import { inputOf, NURSE_ID, PATIENT_ID, PHYSICIAN_ID, signedInAs, visit } from '../../appointments/testing/fixtures';
import { measurement } from '../../measurements/testing/harness';
import { fakeFetch, ok } from '../../signup/testing/harness';
import { VisitRecordPage } from './visit-record-page';

const completed = (overrides: Partial<Visit> = {}): Visit => ({
  ...visit(),
  status: 'c',
  startedAt: '2026-01-05T14:50:00.000Z',
  endedAt: '2026-01-05T15:10:00.000Z',
  completedAt: '2026-01-05T15:12:00.000Z',
  completedBy: { id: PHYSICIAN_ID, fullName: 'Priya Raman' },
  summary: 'Healing well; keep the dressing dry.',
  ...overrides,
});
const NOTE = { text: 'Incision clean.', signedAt: null, signedBy: null, addenda: [] };

const open = (v: Visit, role: number, id: string) =>
  renderRoutes([{ path: '/visits/:id', element: <VisitRecordPage /> }], `/visits/${v.id}`, signedInAs(role, id));

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('the visit record', () => {
  it('shows the photos taken during the call as thumbnails that open full size, with their captions', async () => {
    const v = completed();
    const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const photo = (n: number, note: string | null) =>
      measurement({ id: `00000000-0000-4000-8000-00000000001${n}`, type: 'camera', values: {}, units: {}, source: 'visit', note, fileId: `00000000-0000-4000-8000-00000000002${n}` });
    fakeFetch(({ path, body }) => {
      if (path === 'visits.get') return ok(v);
      if (path === 'visits.messages') return ok([]);
      if (path === 'visits.captures') return ok([photo(1, 'Rash, left forearm'), photo(2, null)]);
      if (path === 'files.get') return ok({ id: (body as { id: string }).id, dataUrl: PNG });
      return undefined;
    });
    open(v, ROLES.Physician, PHYSICIAN_ID);
    const captures = await screen.findAllByTestId('visit-capture');
    expect(captures.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^Rash, left forearm · /),
      expect.stringMatching(/^Photo from the visit · /),
    ]);
    fireEvent.click(await within(captures[0]!).findByTestId('photo-thumbnail'));
    expect((await screen.findByTestId('photo-full')).getAttribute('src')).toBe(PNG);
  });

  it('keeps the chat of the call, oldest first, with who wrote each message', async () => {
    const v = completed();
    const said = (n: number, senderName: string, body: string) => ({
      id: `00000000-0000-4000-8000-00000000000${n}`,
      visitId: v.id,
      senderAccountId: null,
      senderName,
      body,
      sentAt: `2026-01-05T14:5${n}:00.000Z`,
    });
    fakeFetch(({ path }) =>
      path === 'visits.get' ? ok(v) : path === 'visits.messages' ? ok([said(1, 'Priya Raman', 'Can you hear me?'), said(2, 'Pat Morgan', 'Yes, clearly.')]) : undefined,
    );
    open(v, ROLES.Patient, PATIENT_ID);
    const messages = await screen.findAllByTestId('visit-chat-message');
    expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringMatching(/^Priya Raman · .*Can you hear me\?$/),
      expect.stringMatching(/^Pat Morgan · .*Yes, clearly\.$/),
    ]);
  });

  it('shows the patient who, when and the summary, with no note and no note buttons', async () => {
    const v = completed();
    fakeFetch(({ path }) => (path === 'visits.get' ? ok(v) : path === 'visits.messages' || path === 'visits.captures' ? ok([]) : undefined));
    open(v, ROLES.Patient, PATIENT_ID);
    expect(await screen.findByText('Visit record')).toBeTruthy();
    expect((await screen.findByTestId('visit-chat-empty')).textContent).toBe('No messages were sent during this visit.');
    expect((await screen.findByTestId('visit-captures-empty')).textContent).toBe('No photos were taken during this visit.');
    expect(screen.getByTestId('visit-summary').textContent).toBe('Healing well; keep the dressing dry.');
    expect(screen.getByText('Pat Morgan')).toBeTruthy();
    expect(screen.getByText('Priya Raman')).toBeTruthy();
    expect(screen.queryByText('Clinical note')).toBeNull();
    expect(screen.queryByTestId('sign-note')).toBeNull();
    expect(screen.getByTestId('print-visit')).toBeTruthy();
  });

  it('lets a physician correct the note, sign it after a confirmation, then add an addendum under it', async () => {
    let current = completed({ notes: NOTE.text, note: NOTE });
    const { calls } = fakeFetch(({ method, path, body }) => {
      if (method === 'mutation' && path === 'visits.editNotes') {
        const { notes } = body as { notes: string };
        current = { ...current, notes, note: { ...NOTE, text: notes } };
        return ok(current);
      }
      if (method === 'mutation' && path === 'visits.signNote') {
        current = { ...current, note: { ...NOTE, signedAt: '2026-01-05T15:20:00.000Z', signedBy: { id: PHYSICIAN_ID, fullName: 'Priya Raman' } } };
        return ok(current);
      }
      if (method === 'mutation' && path === 'visits.addAddendum') {
        const { text } = body as { text: string };
        current = {
          ...current,
          note: { ...current.note!, addenda: [{ id: 'bbbbbbbb-0000-4000-8000-000000000001', text, author: { id: NURSE_ID, fullName: 'Noah Bennett' }, at: '2026-01-06T09:00:00.000Z' }] },
        };
        return ok(current);
      }
      if (path === 'visits.get') return ok(current);
      return undefined;
    });
    open(current, ROLES.Physician, PHYSICIAN_ID);
    expect((await screen.findByTestId('visit-note-text')).textContent).toBe('Incision clean.');
    expect(screen.getByText('Not signed yet')).toBeTruthy();

    // Corrected before signing: the form starts from the note as it is.
    fireEvent.click(screen.getByTestId('edit-note'));
    const box = await screen.findByTestId('note-text');
    expect((box as HTMLTextAreaElement).value).toBe('Incision clean.');
    fireEvent.change(box, { target: { value: ' Incision clean, no redness. ' } });
    fireEvent.click(screen.getByTestId('save-note'));
    await waitFor(() => expect(screen.getByTestId('visit-note-text').textContent).toBe('Incision clean, no redness.'));
    expect(inputOf(calls.find((c) => c.path === 'visits.editNotes'))).toEqual({ id: current.id, notes: 'Incision clean, no redness.' });

    // Signing locks the note, so it is asked twice; cancelling signs nothing.
    fireEvent.click(screen.getByTestId('sign-note'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign and lock' })).toBeNull());
    expect(calls.some((c) => c.path === 'visits.signNote')).toBe(false);
    fireEvent.click(screen.getByTestId('sign-note'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign and lock' }));
    expect(await screen.findByTestId('visit-note-signed')).toBeTruthy();
    expect(screen.queryByTestId('edit-note')).toBeNull();
    expect(screen.getByTestId('visit-note-signed').textContent).toContain('Signed by Priya Raman');
    expect(screen.queryByTestId('sign-note')).toBeNull();

    // An empty addendum is caught before any call.
    fireEvent.click(screen.getByTestId('add-addendum'));
    await waitFor(() => expect(screen.getByTestId('addendum-text').getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.path === 'visits.addAddendum')).toBe(false);

    fireEvent.change(screen.getByTestId('addendum-text'), { target: { value: ' Called back: no fever. ' } });
    fireEvent.click(screen.getByTestId('add-addendum'));
    const addendum = await screen.findByTestId('visit-note-addendum');
    expect(within(addendum).getByText('Called back: no fever.')).toBeTruthy();
    expect(within(addendum).getByText(/Addendum by Noah Bennett/)).toBeTruthy();
    expect(inputOf(calls.find((c) => c.path === 'visits.addAddendum'))).toEqual({ id: current.id, text: 'Called back: no fever.' });
  });

  it('shows an assistant the note without the buttons to sign or amend it', async () => {
    const v = completed({ notes: NOTE.text, note: NOTE });
    fakeFetch(({ path }) => (path === 'visits.get' ? ok(v) : undefined));
    open(v, ROLES.Assistant, NURSE_ID);
    expect(await screen.findByTestId('visit-note-text')).toBeTruthy();
    expect(screen.queryByTestId('sign-note')).toBeNull();
  });
});

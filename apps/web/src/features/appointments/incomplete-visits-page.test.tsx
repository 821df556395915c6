// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fakeFetch, ok } from '../signup/testing/harness';
import { IncompleteVisitsPage } from './incomplete-visits-page';
import { inputOf, listOf, PHYSICIAN_ID, signedInAs, visit } from './testing/fixtures';

const routes = [{ path: '/incomplete-visits', element: <IncompleteVisitsPage /> }];
const open = () => renderRoutes(routes, '/incomplete-visits', signedInAs(ROLES.Physician, PHYSICIAN_ID));

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

describe('incomplete visits', () => {
  it('lists the physician’s own by default, and everyone’s on request', async () => {
    const { calls } = fakeFetch(({ path }) => (path === 'visits.incomplete' ? listOf([visit()]) : undefined));
    open();
    const row = await screen.findByTestId('incomplete-visit');
    expect(within(row).getByText('Pat Morgan')).toBeTruthy();
    expect(within(row).getByText('Telemedicine')).toBeTruthy();
    expect(within(row).getByText('Provider: Priya Raman')).toBeTruthy();
    expect(calls[0]!.path).toBe('visits.incomplete');
    expect(inputOf(calls[0])).toEqual({ providerId: PHYSICIAN_ID, page: 1, pageSize: 20 });
    fireEvent.click(screen.getByLabelText('Only my visits'));
    await waitFor(() => expect(inputOf(calls.at(-1))).toEqual({ page: 1, pageSize: 20 }));
    expect(calls.at(-1)!.path).toBe('visits.incomplete');
  });

  it('completes a visit with a summary and notes, which then leaves the list', async () => {
    const pending = visit();
    let done = false;
    const { calls } = fakeFetch(({ method, path, body }) => {
      if (method === 'mutation' && path === 'visits.complete' && (body as { id: string }).id === pending.id) {
        done = true;
        return ok({
          ...pending,
          status: 'c',
          summary: 'Healing well',
          notes: 'Sutures out',
          completedAt: '2026-01-05T16:00:00.000Z',
        });
      }
      if (path === 'visits.incomplete') return listOf(done ? [] : [pending]);
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Complete the visit with Pat Morgan' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('complete-visit-submit'));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'mutation')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('visit-summary')));

    fireEvent.change(within(dialog).getByTestId('visit-summary'), { target: { value: ' Healing well ' } });
    fireEvent.change(within(dialog).getByTestId('visit-notes'), { target: { value: 'Sutures out' } });
    fireEvent.click(within(dialog).getByTestId('complete-visit-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'visits.complete')?.body).toEqual({
        id: pending.id,
        summary: 'Healing well',
        notes: 'Sutures out',
      }),
    );
    expect(await screen.findByText('Visit completed.')).toBeTruthy();
    expect(await screen.findByText('No incomplete visits')).toBeTruthy();
  });

  it('says why a completion was refused', async () => {
    const pending = visit();
    fakeFetch(({ method, path }) => {
      if (method === 'mutation' && path === 'visits.complete') {
        return {
          status: 409,
          body: {
            success: false,
            key: 'appointmentCompleted',
            message: 'This appointment is already completed.',
          },
        };
      }
      if (path === 'visits.incomplete') return listOf([pending]);
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByTestId('complete-visit'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('visit-summary'), { target: { value: 'a' } });
    fireEvent.change(within(dialog).getByTestId('visit-notes'), { target: { value: 'b' } });
    fireEvent.click(within(dialog).getByTestId('complete-visit-submit'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This appointment is already completed.',
    );
    // What was written stays.
    expect(within(dialog).getByTestId<HTMLTextAreaElement>('visit-summary').value).toBe('a');
  });

  it('puts the server’s refusal of a field under it', async () => {
    fakeFetch(({ method, path }) => {
      if (method === 'mutation' && path === 'visits.complete') {
        return {
          status: 400,
          body: {
            success: false,
            key: 'validationFailed',
            message: 'Some fields are not valid.',
            errors: [{ field: 'notes', message: 'Notes must be at most 10000 characters.' }],
          },
        };
      }
      if (path === 'visits.incomplete') return listOf([visit()]);
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByTestId('complete-visit'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('visit-summary'), { target: { value: 'Healing well' } });
    fireEvent.change(within(dialog).getByTestId('visit-notes'), { target: { value: 'Sutures out' } });
    fireEvent.click(within(dialog).getByTestId('complete-visit-submit'));
    expect(await within(dialog).findByText('Notes must be at most 10000 characters.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByTestId('visit-notes')));
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});

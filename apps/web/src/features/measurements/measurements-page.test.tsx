// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { measurementsRoute } from './routes';
import { appSettings } from '../system-settings/testing/fixtures';
import { measurement, page, renderWithSession, signedInAs, task } from './testing/harness';

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.accessToken.clear();
});

const open = (path = '/measurements', preferences = {}) =>
  renderWithSession([measurementsRoute], path, {
    session: signedInAs(ROLES.Patient),
    date: '2026-03-02',
    preferences,
  });
const sendButton = () => screen.getByTestId('send-measurement');
const why = () => screen.queryByTestId('send-why')?.textContent ?? null;
const type = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
const enter = (field: string, value: string) =>
  fireEvent.change(
    within(screen.getByTestId(`field-${field}`).closest('div')!.parentElement!).getByRole('textbox'),
    { target: { value } },
  );

describe('the measurements page', () => {
  it('asks for a type before anything can be sent, and says why the button waits', async () => {
    fakeFetch(({ path }) => (path === 'measurements.list' ? { body: page([]) } : undefined));
    open();
    expect(await screen.findByText('No measurements yet')).toBeTruthy();
    expect(sendButton().getAttribute('aria-disabled')).toBe('true');
    expect(why()).toBe('Choose a measurement type first.');
    expect(sendButton().getAttribute('aria-describedby')).toBe(screen.getByTestId('send-why').id);

    type('Blood pressure');
    expect(why()).toBe('Enter the values marked as required.');
    enter('systolic', '134');
    enter('diastolic', '140');
    expect(why()).toBe('Correct the values marked in red.');
    expect(screen.getByText('Diastolic must be lower than systolic.')).toBeTruthy();
    enter('diastolic', '82');
    expect(why()).toBeNull();
    expect(sendButton().getAttribute('aria-disabled')).toBe('false');
  });

  it('sends a blood pressure and shows its range, then the history again', async () => {
    const saved = measurement({ values: { systolic: 134, diastolic: 82 }, rangeClass: 'high' });
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'measurements.record') return ok({ measurement: saved, created: true }, 201);
      if (path === 'measurements.list')
        return { body: page(calls.some((c) => c.path === 'measurements.record') ? [saved] : []) };
      return undefined;
    });
    const { router } = open();
    type('Blood pressure');
    expect(router.state.location.search).toBe('?type=bp');
    enter('systolic', '134');
    enter('diastolic', '82');
    fireEvent.click(sendButton());

    expect((await screen.findByTestId('measurement-saved')).textContent).toContain(
      'Measurement saved. Range: High.',
    );
    const post = calls.find((c) => c.path === 'measurements.record');
    expect(post?.body).toMatchObject({ type: 'bp', values: { systolic: 134, diastolic: 82 } });
    expect(Object.keys(post?.body as object).sort()).toEqual(['id', 'type', 'values']);
    const item = await screen.findByTestId('history-item');
    expect(item.getAttribute('data-range')).toBe('high');
    expect(within(item).getByTestId('range-badge').textContent).toBe('High');
    expect(within(item).getByTestId('history-value').textContent).toBe('134/82 mmHg');
    // The history of every type first, then of blood pressure, asked again once the reading is saved
    // (with the patient's own trend of it beside; an earlier test's screen may still ask as it goes).
    const lists = calls.filter((c) => c.path === 'measurements.list').map((c) => c.body);
    expect(lists).toContainEqual({ page: 1, pageSize: 10 });
    const saving = calls.findIndex((c) => c.path === 'measurements.record');
    const after = calls.slice(saving + 1);
    expect(after.filter((c) => c.path === 'measurements.list').map((c) => c.body)).toContainEqual({
      type: 'bp',
      page: 1,
      pageSize: 10,
    });
    expect(after.some((c) => c.path === 'patients.series')).toBe(true);
    expect(screen.getByTestId('chart-section').textContent).toContain('Readings over time');
  });

  it("says the clinic's advice for the saved reading's range, and none for a range without advice", async () => {
    const advice = {
      bp: { highest: 'Rest 5 minutes and measure again; if above 180/120 with symptoms, call 911.' },
    };
    let next = measurement({ values: { systolic: 186, diastolic: 124 }, rangeClass: 'highest' });
    fakeFetch(({ path }) => {
      if (path === 'settings.app') return ok(appSettings({ readingAdvice: advice }));
      if (path === 'measurements.record') return ok({ measurement: next, created: true }, 201);
      if (path === 'measurements.list') return { body: page([]) };
      return undefined;
    });
    open();
    type('Blood pressure');
    enter('systolic', '186');
    enter('diastolic', '124');
    fireEvent.click(sendButton());
    const said = await screen.findByTestId('reading-advice');
    expect(said.getAttribute('role')).toBe('alert');
    expect(said.textContent).toContain(advice.bp.highest);

    next = measurement({ values: { systolic: 134, diastolic: 82 }, rangeClass: 'high' });
    enter('systolic', '134');
    enter('diastolic', '82');
    fireEvent.click(sendButton());
    expect((await screen.findByTestId('measurement-saved')).textContent).toContain('Range: High.');
    expect(screen.queryByTestId('reading-advice')).toBeNull();
  });

  it('takes temperature in °F and weight in lb, and stores °C and kg', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'measurements.record')
        return ok(
          { measurement: measurement({ ...(body as object), rangeClass: null }), created: true },
          201,
        );
      if (path === 'measurements.list') return { body: page([]) };
      return undefined;
    });
    open('/measurements?type=bt');
    expect(screen.getByText('From 77 to 113')).toBeTruthy();
    enter('temperature', '70');
    expect(screen.getByText('Enter a value from 77 to 113.')).toBeTruthy();
    enter('temperature', '98.6');
    fireEvent.click(sendButton());
    await screen.findByTestId('measurement-saved');
    expect(calls.find((c) => c.path === 'measurements.record')?.body).toMatchObject({
      type: 'bt',
      values: { temperature: 37 },
    });

    type('Weight');
    enter('weight', '180.4');
    fireEvent.click(sendButton());
    await waitFor(() => expect(calls.filter((c) => c.path === 'measurements.record')).toHaveLength(2));
    expect(calls.filter((c) => c.path === 'measurements.record')[1]?.body).toMatchObject({
      type: 'bw',
      values: { weight: 81.83 },
    });
  });

  it('shows the history in the person’s units', async () => {
    fakeFetch(({ path }) =>
      path === 'measurements.list'
        ? {
            body: page([
              measurement({
                type: 'bw',
                values: { weight: 81.83 },
                units: { weight: 'kg' },
                rangeClass: null,
              }),
            ]),
          }
        : undefined,
    );
    open('/measurements?type=bw', { weightUnit: 'kg' });
    expect((await screen.findByTestId('history-value')).textContent).toBe('81.8 kg');
  });

  it('completes the task it came from, before or after a meal as the task says', async () => {
    const forTask = task({
      type: 'bs',
      meal: 'after',
      time: '13:30',
      dueAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'tasks.get' && (body as { id: string }).id === forTask.id) return ok(forTask);
      if (path === 'measurements.record')
        return ok(
          {
            measurement: measurement({
              type: 'bs',
              values: { glucose: 150 },
              rangeClass: 'elevated',
              taskId: forTask.id,
            }),
            created: true,
          },
          201,
        );
      if (path === 'measurements.list') return { body: page([]) };
      return undefined;
    });
    const { router } = open(`/measurements?type=bs&task=${forTask.id}`);
    expect((await screen.findByTestId('for-task')).textContent).toBe('This completes your 01:30 PM task.');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('radio', { name: 'After a meal' }).checked).toBe(true),
    );
    enter('glucose', '150');
    fireEvent.click(sendButton());
    await screen.findByTestId('measurement-saved');
    expect(calls.find((c) => c.path === 'measurements.record')?.body).toMatchObject({
      type: 'bs',
      values: { glucose: 150 },
      meal: 'after',
      taskId: forTask.id,
    });
    expect(router.state.location.search).toBe('?type=bs');
  });

  it('does not claim a task whose window has closed (a late reminder link): the reading is sent without it', async () => {
    const missed = task({
      type: 'bw',
      time: '08:00',
      dueAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    });
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'tasks.get') return ok(missed);
      if (path === 'measurements.record')
        return ok({ measurement: measurement({ type: 'bw', values: { weight: 80 } }), created: true }, 201);
      if (path === 'measurements.list') return { body: page([]) };
      return undefined;
    });
    open(`/measurements?type=bw&task=${missed.id}`);
    await waitFor(() => expect(calls.some((c) => c.path === 'tasks.get')).toBe(true));
    // Let the task's answer land before looking for what it would have changed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    enter('weight', '80');
    expect(screen.queryByTestId('for-task')).toBeNull();
    fireEvent.click(sendButton());
    await screen.findByTestId('measurement-saved');
    expect(calls.find((c) => c.path === 'measurements.record')?.body).not.toHaveProperty('taskId');
  });

  it('asks before or after a meal for blood sugar', () => {
    fakeFetch(({ path }) => (path === 'measurements.list' ? { body: page([]) } : undefined));
    open('/measurements?type=bs');
    enter('glucose', '95');
    expect(why()).toBe('Choose before or after a meal.');
    fireEvent.click(screen.getByRole('radio', { name: 'Before a meal' }));
    expect(why()).toBeNull();
  });

  it('shows the server’s field messages beside the fields, the first with the focus, and keeps what was typed', async () => {
    fakeFetch(({ path }) => {
      if (path === 'measurements.record') {
        return fail(400, 'validationFailed', 'Some fields are not valid.', [
          { field: 'note', message: 'Note must be at most 500 characters.' },
          { field: 'values.spo2', message: 'Oxygen saturation must be between 50 and 100 %.' },
        ]);
      }
      if (path === 'measurements.list') return { body: page([]) };
      return undefined;
    });
    open('/measurements?type=ox');
    enter('spo2', '97');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'After a walk' } });
    fireEvent.click(sendButton());
    expect(await screen.findByText('Oxygen saturation must be between 50 and 100 %.')).toBeTruthy();
    expect(screen.getByText('Note must be at most 500 characters.')).toBeTruthy();
    const spo2 = screen.getByRole<HTMLInputElement>('textbox', { name: /^Oxygen saturation/ });
    expect(spo2.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(spo2));
    expect(spo2.value).toBe('97');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Note').value).toBe('After a walk');
    expect(screen.queryByTestId('measurement-saved')).toBeNull();
    // Changing the value answers its message.
    enter('spo2', '96');
    await waitFor(() =>
      expect(screen.queryByText('Oxygen saturation must be between 50 and 100 %.')).toBeNull(),
    );
  });

  it('says above the button why a reading was refused when no field is to blame', async () => {
    fakeFetch(({ path }) => {
      if (path === 'measurements.record') return fail(403, 'err_forbidden', 'Forbidden');
      if (path === 'measurements.list') return { body: page([]) };
      return undefined;
    });
    open('/measurements?type=bw');
    enter('weight', '180');
    fireEvent.click(sendButton());
    const refusal = await screen.findByText(/you do not have permission/);
    expect(refusal.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByTestId('measurement-saved')).toBeNull();
  });

  it('asks for a photo for the camera', () => {
    fakeFetch(({ path }) => (path === 'measurements.list' ? { body: page([]) } : undefined));
    open('/measurements?type=camera');
    expect(why()).toBe('Take or upload a photo first.');
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeTruthy();
    expect(screen.getByTestId('photo-upload')).toBeTruthy();
  });

  it('says when the history cannot be loaded, and tries again', async () => {
    let attempts = 0;
    fakeFetch(({ path }) => {
      if (path !== 'measurements.list') return undefined;
      attempts += 1;
      return attempts === 1
        ? fail(500, 'unknown', 'Something went wrong, please try again.')
        : { body: page([measurement()]) };
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('history-item')).toBeTruthy();
  });
});

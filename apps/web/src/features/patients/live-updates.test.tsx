// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asPeopleSocket, fakeSocket } from '../../realtime/fake-socket';
import { sessionStore } from '../../session/session-store';
import { fakeFetch, ok, okList } from '../signup/testing/harness';
import {
  PATIENT_ID,
  patientRow,
  renderPatients,
  series,
  snapshot,
  timelineEvent,
} from './testing/render-patients';

vi.setConfig({ testTimeout: 20_000 });

/** A call about this patient (`{ id }` or `{ patientId }`). */
const isOf = (body: unknown) => {
  const input = body as { id?: string; patientId?: string } | undefined;
  return input?.id === PATIENT_ID || input?.patientId === PATIENT_ID;
};
beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('the patients list, live', () => {
  it('shows who is online and when the others were last seen, and follows presence changes', async () => {
    fakeFetch(({ path }) =>
      path === 'patients.list'
        ? okList([patientRow({ isOnline: false, lastSeen: '2026-03-01T14:00:00.000Z' })])
        : undefined,
    );
    const socket = fakeSocket();
    renderPatients('/patients', { socket: asPeopleSocket(socket) });
    const presence = within(await screen.findByTestId('patient-row')).getByTestId('patient-presence');
    expect(presence.dataset.online).toBe('false');
    expect(presence.textContent).toMatch(/^Last seen Mar 1, 2026/);

    act(() =>
      socket.serverEmit('presence:changed', {
        accountId: PATIENT_ID,
        isOnline: true,
        lastSeen: '2026-03-02T09:00:00.000Z',
      }),
    );
    expect(presence.dataset.online).toBe('true');
    expect(presence.textContent).toBe('Online');

    // Someone else's change leaves this row alone.
    act(() =>
      socket.serverEmit('presence:changed', {
        accountId: crypto.randomUUID(),
        isOnline: false,
        lastSeen: '2026-03-02T10:00:00.000Z',
      }),
    );
    expect(presence.textContent).toBe('Online');
  });
});

describe('the snapshot, live', () => {
  it('watches the patient, puts arriving events on the timeline once, and refreshes the record', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (!isOf(body)) return undefined;
      if (path === 'patients.snapshot') return ok(snapshot());
      if (path === 'patients.series') return ok(series());
      if (path === 'patients.timeline')
        return ok({ items: [timelineEvent(1), timelineEvent(2)], nextCursor: null });
      if (path.endsWith('.ofPatient')) return ok([]);
      return undefined;
    });
    const socket = fakeSocket((event, payload) => ({ data: payload }));
    renderPatients(`/patients/${PATIENT_ID}`, { socket: asPeopleSocket(socket) });
    const timeline = await screen.findByTestId('timeline-section');
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-item')).toHaveLength(2));
    expect(socket.emitted).toContainEqual({ event: 'patient:watch', payload: { patientId: PATIENT_ID } });
    const snapshotLoads = () => calls.filter((c) => c.path === 'patients.snapshot').length;
    expect(snapshotLoads()).toBe(1);

    const fresh = timelineEvent(0, {
      id: '99',
      at: new Date(Date.UTC(2026, 2, 1, 15)).toISOString(),
      data: { type: 'bp', values: { systolic: 118, diastolic: 76, pulse: 64 }, rangeClass: 'normal' },
    });
    act(() => socket.serverEmit('patient:event', { patientId: PATIENT_ID, event: fresh }));
    act(() => socket.serverEmit('patient:event', { patientId: PATIENT_ID, event: fresh }));
    // Another patient's event is not this timeline's.
    act(() =>
      socket.serverEmit('patient:event', {
        patientId: crypto.randomUUID(),
        event: timelineEvent(0, { id: '100' }),
      }),
    );

    // Written into the cached timeline, once, whatever the replay.
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-item')).toHaveLength(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const items = within(timeline).getAllByTestId('timeline-item');
    expect(items).toHaveLength(3);
    expect(items[0]!.dataset.range).toBe('normal');
    // The cards (latest vitals among them) are loaded again.
    await waitFor(() => expect(snapshotLoads()).toBe(2));
  });

  it('loads the timeline again when the server says live events may have been lost', async () => {
    // What the server holds: a reading recorded while the live link was down is only found by loading.
    let stored = [timelineEvent(1), timelineEvent(2)];
    const { calls } = fakeFetch(({ path, body }) => {
      if (!isOf(body)) return undefined;
      if (path === 'patients.snapshot') return ok(snapshot());
      if (path === 'patients.series') return ok(series());
      if (path === 'patients.timeline') return ok({ items: stored, nextCursor: null });
      if (path.endsWith('.ofPatient')) return ok([]);
      return undefined;
    });
    const socket = fakeSocket((event, payload) => ({ data: payload }));
    renderPatients(`/patients/${PATIENT_ID}`, { socket: asPeopleSocket(socket) });
    const timeline = await screen.findByTestId('timeline-section');
    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-item')).toHaveLength(2));
    const timelineLoads = () => calls.filter((c) => c.path === 'patients.timeline').length;
    expect(timelineLoads()).toBe(1);

    stored = [
      timelineEvent(0, { id: '98', at: new Date(Date.UTC(2026, 2, 1, 16)).toISOString() }),
      ...stored,
    ];
    act(() => socket.serverEmit('live:resync'));

    await waitFor(() => expect(within(timeline).getAllByTestId('timeline-item')).toHaveLength(3));
    expect(timelineLoads()).toBe(2);
  });
});

// @vitest-environment happy-dom
import { ROLES } from '@opencare/schemas/roles';
import type { VisitSession } from '@opencare/schemas/entities/visits';
import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TelehealthVisitPage } from '../../pages/telehealth-visit-page';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { signedInAs, visit } from '../appointments/testing/fixtures';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { ActiveCallProvider } from './call/active-call-provider';

// Under way now, so the end warning stays away.
const theVisit = visit({
  startsAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  endsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
});
const CODE = theVisit.code;

const routes = [
  {
    path: '/telehealth-visit/:visitCode',
    element: (
      <ActiveCallProvider>
        <TelehealthVisitPage />
      </ActiveCallProvider>
    ),
  },
];

function session(): VisitSession {
  return {
    visit: theVisit,
    self: {
      accountId: null,
      fullName: 'Pat Morgan',
      role: 'patient',
      guestRole: null,
      deviceId: 'device-0001',
      joinedAt: theVisit.appointment.startsAt,
      admitted: true,
    },
    participants: [],
    call: { engine: 'simple-peer', iceServers: [], reason: 'livekitUnavailable' },
    waiting: null,
    timing: { joinEarlyMinutes: 15, endWarningMinutes: 5, stayOrLeaveSeconds: 60 },
  };
}

beforeEach(() => {
  sessionStore.accessToken.set('test-token');
  // No camera here: the device check says so and joining still works (audio only, or none).
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: Object.assign(new EventTarget(), {
      getUserMedia: vi.fn().mockRejectedValue(new DOMException('none', 'NotFoundError')),
      enumerateDevices: vi.fn().mockResolvedValue([]),
    }),
  });
});
afterEach(() => i18next.changeLanguage('en-US'));

const open = () => renderRoutes(routes, `/telehealth-visit/${CODE}`, signedInAs(ROLES.Patient));

describe('joining a video visit', () => {
  it('shows the visit and the pre-call check (camera, then the network with a verdict) before joining', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'visits.byCode' && (body as { code: string }).code === CODE) return ok(theVisit);
      if (path === '/healthz') return { status: 200, body: { status: 'ok' } };
      if (path === 'callCheck.servers') return ok({ iceServers: [], uploadMaxBytes: 1000 });
      if (path === '/call-check/upload') return ok({ bytes: 1000 });
      return undefined;
    });
    open();
    expect((await screen.findByTestId('pre-join-with')).textContent).toContain('With Priya Raman');
    expect((await screen.findByTestId('preview-error')).textContent).toContain('No camera was found.');
    // happy-dom has no WebRTC: the check finds no way for video and says what to do.
    const verdict = await screen.findByTestId('network-verdict', {}, { timeout: 5000 });
    expect(verdict.getAttribute('data-verdict')).toBe('poor');
    expect(verdict.textContent).toContain('Your network may block video calls: try another Wi-Fi or ask your IT team.');
    expect(calls.filter((c) => c.path.startsWith('visits.')).map((c) => c.path)).toEqual(['visits.byCode']);
    expect(calls.filter((c) => c.path === '/call-check/upload')).toHaveLength(1);
  });

  it('too early: says how many minutes before the start one may join, in the reader’s language', async () => {
    fakeFetch(({ path }) => {
      if (path === 'visits.byCode') return ok(theVisit);
      if (path === 'visits.join')
        return fail(409, 'joinTooEarly', 'You cannot join more than 15 minutes before the start.');
      return undefined;
    });
    await i18next.changeLanguage('es');
    open();
    fireEvent.click(await screen.findByTestId('join-visit'));
    const error = await screen.findByTestId('join-error');
    expect(error.textContent).toContain('15');
    expect(error.textContent).toBe(i18next.t('errors.joinTooEarly', { minutes: '15' }));
  });

  it('active on another device: offers to take over, which joins again with takeOver', async () => {
    let joins = 0;
    const { calls } = fakeFetch(({ path }) => {
      if (path === 'visits.byCode') return ok(theVisit);
      if (path === 'visits.join') {
        joins += 1;
        return joins === 1
          ? fail(
              409,
              'visitActiveElsewhere',
              'You are in this visit on another device. Take over to continue here.',
            )
          : ok(session());
      }
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByTestId('join-visit'));
    expect((await screen.findByTestId('active-elsewhere')).textContent).toContain('another device');
    fireEvent.click(screen.getByTestId('take-over'));
    expect(await screen.findByTestId('call-view')).toBeTruthy();
    const bodies = calls.filter((c) => c.path === 'visits.join').map((c) => c.body);
    expect(bodies).toEqual([
      expect.objectContaining({ id: theVisit.id, takeOver: false }),
      expect.objectContaining({ id: theVisit.id, takeOver: true }),
    ]);
    // Simple Peer because the server has no LiveKit: the user is told.
    expect(screen.getByTestId('engine-notice')).toBeTruthy();
    expect(screen.getByTestId('toggle-video').getAttribute('aria-pressed')).toBe('true');
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HomePage } from '../../pages/home-page';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fakeFetch, ok } from '../signup/testing/harness';
import { THREAD_ID, listItem, page, patientSession, physicianSession, thread } from './testing/mail-fixtures';
import './testing/document-fonts';

const home = (path: string, session = patientSession()) =>
  renderRoutes([{ path: '/', element: <HomePage /> }], path, session);

const PNG_ID = '44444444-4444-4444-8444-000000000009';
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'arm.png', {
    type: 'image/png',
  });
const exe = () => new File([new Uint8Array([0x4d, 0x5a])], 'setup.exe', { type: 'application/x-msdownload' });

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe("the patient's messages tab", { timeout: 15_000 }, () => {
  it('is a home tab for patients, with the unread count beside its name', async () => {
    fakeFetch(({ path }) => {
      if (path === 'mail.unreadCount') return ok({ unreadCount: 2 });
      if (path === 'mail.threads') return page([listItem({ unreadCount: 2 })]);
      return undefined;
    });
    home('/?tab=messages');
    const tab = screen.getByTestId('home-tab-messages');
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await within(tab).findByText('Unread messages: 2')).toBeTruthy();
    const item = await screen.findByTestId('thread-item');
    // A patient sees who wrote last: here, themself.
    expect(within(item).getByText('You')).toBeTruthy();
    expect(within(item).getByText('Blood pressure this week')).toBeTruthy();
  });

  it('is not there for physicians, whose home is their worklist and who read mail at /mail', async () => {
    fakeFetch(() => undefined);
    home('/?tab=messages', physicianSession());
    expect(await screen.findByTestId('clinician-home')).toBeTruthy();
    expect(screen.queryByTestId('home-tab-messages')).toBeNull();
  });

  it('writes to the care team without choosing a patient, with a photo; a program is refused before upload', async () => {
    const { calls } = fakeFetch(({ method, path }) => {
      if (path === 'mail.unreadCount') return ok({ unreadCount: 0 });
      if (path === 'mail.threads') return page([]);
      // Attachments stay on REST: the bytes are the body.
      if (path.startsWith('/mail/attachments?') && method === 'POST') {
        return ok({ id: PNG_ID, fileName: 'arm.png', contentType: 'image/png', size: 8 }, 201);
      }
      if (path === 'mail.createThread' && method === 'mutation') return ok(thread(), 201);
      if (path === 'mail.thread') return ok(thread());
      return undefined;
    });
    const { router } = home('/?tab=messages');
    expect(await screen.findByText('No messages yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('new-thread'));
    const form = await screen.findByTestId('new-thread-form');
    expect(within(form).queryByLabelText(/^Patient/)).toBeNull();
    expect(within(form).getByTestId('disclaimer')).toBeTruthy();

    const input = form.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, { target: { files: [exe()] } });
    const refused = await within(form).findByTestId('draft-file');
    expect(refused.getAttribute('data-status')).toBe('failed');
    expect(within(refused).getByText('Only PNG, JPEG and PDF files can be attached.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/mail/attachments'))).toBe(false);

    fireEvent.change(input, { target: { files: [png()] } });
    await waitFor(() =>
      expect(within(form).getByTestId('draft-file').getAttribute('data-status')).toBe('ready'),
    );
    expect(calls.find((c) => c.path.startsWith('/mail/attachments'))?.path).toBe(
      '/mail/attachments?fileName=arm.png',
    );

    fireEvent.change(within(form).getByTestId('new-thread-subject'), { target: { value: 'My arm' } });
    fireEvent.change(within(form).getByTestId('new-thread-body'), {
      target: { value: 'Is this rash normal?' },
    });
    fireEvent.click(within(form).getByTestId('send-new-thread'));
    await waitFor(() => expect(router.state.location.search).toBe(`?tab=messages&thread=${THREAD_ID}`));
    expect(calls.find((c) => c.path === 'mail.createThread' && c.method === 'mutation')?.body).toEqual({
      subject: 'My arm',
      body: 'Is this rash normal?',
      fileIds: [PNG_ID],
      // Sent by everyone; the server counts it only for a clinician's writing (care time, issue 19).
      writingSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
  });

  it('asks before a draft is lost to another home tab', async () => {
    fakeFetch(({ path }) => {
      if (path === 'mail.unreadCount') return ok({ unreadCount: 0 });
      if (path === 'mail.threads') return page([listItem({ unreadCount: 0 })]);
      if (path === 'mail.thread') return ok(thread());
      return undefined;
    });
    const { router } = home(`/?tab=messages&thread=${THREAD_ID}`);
    fireEvent.change(await screen.findByTestId('reply-body'), { target: { value: 'Unsent words' } });
    fireEvent.click(screen.getByTestId('home-tab-appointments'));
    expect(await screen.findByRole('dialog', { name: 'Discard this message?' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?tab=messages&thread=${THREAD_ID}`);
  });
});

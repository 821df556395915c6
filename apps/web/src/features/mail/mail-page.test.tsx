// @vitest-environment happy-dom
import { AppShell } from '@mantine/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/session-store';
import { renderRoutes } from '../../testing/render-app';
import { fail, fakeFetch, ok } from '../signup/testing/harness';
import { NavMenu } from '../../components/navigation/nav-menu';
import { mailRoute } from './routes';
import './testing/document-fonts';
import {
  PATIENT2_ID,
  PATIENT_ID,
  THREAD2_ID,
  THREAD_ID,
  idOf,
  listItem,
  message,
  page,
  physicianSession,
  thread,
} from './testing/mail-fixtures';

const renderMail = (path = '/mail') =>
  renderRoutes([{ path: '/', children: [mailRoute] }], path, physicianSession());

const second = listItem({
  id: THREAD2_ID,
  subject: 'Diet questions',
  unreadCount: 0,
  patient: { accountId: PATIENT2_ID, fullName: 'Layla Haddad' },
});

beforeEach(() => sessionStore.accessToken.set('test-token'));
afterEach(() => sessionStore.accessToken.clear());

describe('/mail', { timeout: 15_000 }, () => {
  it("lists the conversations with their patients and unread counts, without the patients' disclaimer", async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'mail.threads' ? page([listItem(), second]) : undefined,
    );
    renderMail();
    expect(screen.queryByTestId('disclaimer')).toBeNull();
    const items = await screen.findAllByTestId('thread-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.getAttribute('data-unread')).toBe('true');
    expect(within(items[0]!).getByText('Pat Morgan')).toBeTruthy();
    expect(within(items[0]!).getByText('Unread messages: 1')).toBeTruthy();
    expect(items[1]!.getAttribute('data-unread')).toBe('false');
    expect(items[1]!.getAttribute('href')).toBe(`/mail?thread=${THREAD2_ID}`);
    expect(calls.find((c) => c.path === 'mail.threads')?.body).toEqual({ page: 1, pageSize: 20 });
  });

  it('narrows the conversations to the words searched, says when none match, and links the open one to its patient', async () => {
    const { calls } = fakeFetch(({ path, body }) => {
      if (path === 'mail.thread') return ok(thread());
      if (path !== 'mail.threads') return undefined;
      const search = (body as { search?: string }).search;
      return page(search === 'ankle' ? [second] : search ? [] : [listItem(), second]);
    });
    renderMail(`/mail?thread=${THREAD_ID}`);
    const box = await screen.findByTestId('thread-search');
    fireEvent.change(box, { target: { value: ' ankle ' } });
    await waitFor(() => expect(screen.getAllByTestId('thread-item')).toHaveLength(1));
    expect(calls.filter((c) => c.path === 'mail.threads').at(-1)?.body).toEqual({ page: 1, pageSize: 20, search: 'ankle' });
    fireEvent.change(box, { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No conversation matches “nothing like it”')).toBeTruthy();
    const patient = await screen.findByTestId('thread-patient-link');
    expect(patient.getAttribute('href')).toBe(`/patients/${thread().patient.accountId}`);
  });

  it('says when there is no mail yet, and when the list could not be loaded', async () => {
    let broken = true;
    fakeFetch(({ path }) => {
      if (path !== 'mail.threads') return undefined;
      return broken ? fail(500, 'unknown', 'Something went wrong, please try again.') : page([]);
    });
    renderMail();
    expect(await screen.findByTestId('threads-failed')).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('opens a thread, which marks it read, and sends a reply', async () => {
    let opened = false;
    const { calls } = fakeFetch(({ method, path, body }) => {
      if (path === 'mail.threads') return page([listItem({ unreadCount: opened ? 0 : 1 })]);
      if (path === 'mail.thread' && method === 'query' && idOf(body) === THREAD_ID) {
        opened = true;
        return ok(thread());
      }
      if (path === 'mail.reply' && method === 'mutation') {
        return ok(
          thread({
            messages: [
              ...thread().messages,
              message({ id: '33333333-3333-4333-8333-000000000009', body: 'Thank you, noted.' }),
            ],
          }),
          201,
        );
      }
      if (path === 'mail.unreadCount') return ok({ unreadCount: opened ? 0 : 1 });
      return undefined;
    });
    const { router } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <AppShell navbar={{ width: 260, breakpoint: 'sm' }}>
              <AppShell.Navbar>
                <NavMenu />
              </AppShell.Navbar>
              <AppShell.Main>
                <Outlet />
              </AppShell.Main>
            </AppShell>
          ),
          children: [mailRoute],
        },
      ],
      '/mail',
      physicianSession(),
    );
    const mail = screen.getByRole('link', { name: /^Mail/ });
    expect(await within(mail).findByText('Unread messages: 1')).toBeTruthy();
    fireEvent.click(await screen.findByText('Blood pressure this week'));
    await waitFor(() => expect(router.state.location.search).toBe(`?thread=${THREAD_ID}`));
    const view = await screen.findByTestId('thread-view');
    expect(within(view).getAllByTestId('mail-message')).toHaveLength(2);
    expect(within(view).getByText('It was 150/95 this morning.')).toBeTruthy();
    expect(within(view).getByText('readings.pdf')).toBeTruthy();
    expect(within(view).getByRole('button', { name: 'Download readings.pdf' })).toBeTruthy();
    // The list catches up with the read thread.
    await waitFor(() => expect(screen.getByTestId('thread-item').getAttribute('data-unread')).toBe('false'));
    // …and so does the unread count beside Mail: reading the thread asks for it again.
    await waitFor(() => expect(within(mail).queryByText(/^Unread messages/)).toBeNull());
    const countsBeforeReply = calls.filter((c) => c.path === 'mail.unreadCount').length;

    fireEvent.click(screen.getByTestId('send-reply'));
    expect(await screen.findByText('Write a message.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Thank you, noted.' } });
    fireEvent.click(screen.getByTestId('send-reply'));
    expect(await within(view).findByText('Thank you, noted.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'mutation')?.path).toBe('mail.reply');
    expect(calls.find((c) => c.method === 'mutation')?.body).toEqual({
      threadId: THREAD_ID,
      body: 'Thank you, noted.',
      fileIds: [],
      // When the writing began: a clinician's writing is care time (issue 19).
      writingSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    // A sent message counts again too.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'mail.unreadCount').length).toBeGreaterThan(countsBeforeReply),
    );
    // The box empties once the sent message is back in the thread (a re-render after the reload).
    await waitFor(() => expect(screen.getByTestId<HTMLTextAreaElement>('reply-body').value).toBe(''));
  });

  it('shows why a thread cannot be opened', async () => {
    fakeFetch(({ path }) => {
      if (path === 'mail.threads') return page([listItem()]);
      if (path === 'mail.thread') return fail(403, 'err_forbidden', 'Forbidden');
      return undefined;
    });
    renderMail(`/mail?thread=${THREAD_ID}`);
    expect((await screen.findByTestId('thread-failed')).textContent).toContain(
      'Sorry, you do not have permission to access this page.',
    );
  });

  it('asks before a reply being written is lost to another thread', async () => {
    fakeFetch(({ path, body }) => {
      if (path === 'mail.threads') return page([listItem(), second]);
      if (path === 'mail.thread' && idOf(body) === THREAD_ID) return ok(thread());
      if (path === 'mail.thread' && idOf(body) === THREAD2_ID)
        return ok(thread({ id: THREAD2_ID, subject: 'Diet questions' }));
      return undefined;
    });
    const { router } = renderMail(`/mail?thread=${THREAD_ID}`);
    fireEvent.change(await screen.findByTestId('reply-body'), { target: { value: 'Half a thought' } });
    fireEvent.click(screen.getByText('Diet questions'));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep writing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe(`?thread=${THREAD_ID}`);
    expect(screen.getByTestId<HTMLTextAreaElement>('reply-body').value).toBe('Half a thought');

    fireEvent.click(screen.getByText('Diet questions'));
    fireEvent.click(await screen.findByTestId('discard-draft'));
    await waitFor(() => expect(router.state.location.search).toBe(`?thread=${THREAD2_ID}`));
  });

  it('writes to a chosen patient and opens the new thread', async () => {
    const created = thread({
      id: THREAD2_ID,
      subject: 'Your new medication',
      messages: [message({ body: 'Start tomorrow.' })],
    });
    const { calls } = fakeFetch(({ method, path, body }) => {
      if (path === 'mail.threads') return page([]);
      if (path === 'mail.recipients')
        return ok([{ accountId: PATIENT_ID, fullName: 'Pat Morgan', mrn: 'MRN500001' }]);
      if (path === 'mail.createThread' && method === 'mutation') return ok(created, 201);
      if (path === 'mail.thread' && idOf(body) === THREAD2_ID) return ok(created);
      return undefined;
    });
    const { router } = renderMail();
    fireEvent.click(await screen.findByTestId('new-thread'));
    const form = await screen.findByTestId('new-thread-form');
    fireEvent.click(within(form).getByTestId('send-new-thread'));
    expect(await within(form).findByText('Choose the patient to write to.')).toBeTruthy();
    expect(within(form).getByText('Write a subject.')).toBeTruthy();
    expect(within(form).getByText('Write a message.')).toBeTruthy();
    // The first field to fix has the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText(/^Patient/)));

    fireEvent.click(within(form).getByLabelText(/^Patient/));
    // Mantine's dropdown stays display:none in happy-dom (no transitions); its options are there.
    fireEvent.click(await screen.findByRole('option', { name: 'Pat Morgan · MRN500001', hidden: true }));
    fireEvent.change(within(form).getByTestId('new-thread-subject'), {
      target: { value: 'Your new medication' },
    });
    fireEvent.change(within(form).getByTestId('new-thread-body'), { target: { value: 'Start tomorrow.' } });
    fireEvent.click(within(form).getByTestId('send-new-thread'));
    await waitFor(() => expect(router.state.location.search).toBe(`?thread=${THREAD2_ID}`));
    expect(calls.find((c) => c.path === 'mail.recipients')?.body).toEqual({});
    expect(calls.find((c) => c.method === 'mutation')?.path).toBe('mail.createThread');
    expect(calls.find((c) => c.method === 'mutation')?.body).toEqual({
      patientAccountId: PATIENT_ID,
      subject: 'Your new medication',
      body: 'Start tomorrow.',
      fileIds: [],
      // When the writing began: a clinician's writing is care time (issue 19).
      writingSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    expect(await screen.findByText('Start tomorrow.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('puts the server’s refusal of a field under it and keeps what was typed', async () => {
    const { calls } = fakeFetch(({ method, path }) => {
      if (path === 'mail.threads') return page([]);
      if (path === 'mail.recipients')
        return ok([{ accountId: PATIENT_ID, fullName: 'Pat Morgan', mrn: 'MRN500001' }]);
      if (path === 'mail.createThread' && method === 'mutation') {
        return fail(400, 'validationFailed', 'Some fields are not valid.', [
          { field: 'subject', message: 'Subject must be at most 200 characters.' },
        ]);
      }
      return undefined;
    });
    renderMail();
    fireEvent.click(await screen.findByTestId('new-thread'));
    const form = await screen.findByTestId('new-thread-form');
    fireEvent.click(within(form).getByLabelText(/^Patient/));
    fireEvent.click(await screen.findByRole('option', { name: 'Pat Morgan · MRN500001', hidden: true }));
    fireEvent.change(within(form).getByTestId('new-thread-subject'), {
      target: { value: 'Your new medication' },
    });
    fireEvent.change(within(form).getByTestId('new-thread-body'), { target: { value: 'Start tomorrow.' } });
    fireEvent.click(within(form).getByTestId('send-new-thread'));
    expect(await within(form).findByText('Subject must be at most 200 characters.')).toBeTruthy();
    const subject = within(form).getByTestId<HTMLInputElement>('new-thread-subject');
    await waitFor(() => expect(document.activeElement).toBe(subject));
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(subject.value).toBe('Your new medication');
    expect(within(form).getByTestId<HTMLTextAreaElement>('new-thread-body').value).toBe('Start tomorrow.');
    expect(calls.filter((c) => c.path === 'mail.createThread')).toHaveLength(1);
  });

  it('asks before closing a new message that has text', async () => {
    fakeFetch(({ path }) =>
      path === 'mail.threads' ? page([]) : path === 'mail.recipients' ? ok([]) : undefined,
    );
    renderMail();
    fireEvent.click(await screen.findByTestId('new-thread'));
    fireEvent.change(await screen.findByTestId('new-thread-subject'), { target: { value: 'Draft' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('new-thread-form')).toBeNull());
  });
});

describe('the navigation', () => {
  it('shows the unread count beside Mail', async () => {
    const { calls } = fakeFetch(({ path }) =>
      path === 'mail.unreadCount' ? ok({ unreadCount: 3 }) : undefined,
    );
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <AppShell navbar={{ width: 260, breakpoint: 'sm' }}>
              <AppShell.Navbar>
                <NavMenu />
              </AppShell.Navbar>
            </AppShell>
          ),
        },
      ],
      '/',
      physicianSession(),
    );
    const mail = screen.getByRole('link', { name: /^Mail/ });
    expect(await within(mail).findByText('Unread messages: 3')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'mail.unreadCount')).toHaveLength(1);
  });
});

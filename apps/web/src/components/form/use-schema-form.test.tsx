// @vitest-environment happy-dom
import { Button, TextInput } from '@mantine/core';
import { emailSchema, REQUIRED, text, usernameSchema } from '@opencare/schemas/rules';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { renderRoutes } from '../../features/signup/testing/harness';
import { blankToUndefined } from './form-errors';
import { FormFailure } from './form-failure';
import type { FeatureMessages } from './use-field-message';
import { useSchemaForm } from './use-schema-form';

const schema = z.strictObject({
  profile: z.strictObject({ firstName: text('First name', 50) }),
  username: usernameSchema,
  emailAddress: emailSchema,
});
type Body = z.output<typeof schema>;

/** A small form of the shape the app's forms have: flat values, a nested body. */
function TestForm({ submit, messages }: { submit: (body: Body) => Promise<unknown>; messages?: FeatureMessages }) {
  const { field, formRef, onSubmit, failureText, reset } = useSchemaForm({
    schema,
    initialValues: { firstName: '', username: '', emailAddress: '' },
    toBody: (values) => ({
      profile: { firstName: blankToUndefined(values.firstName) },
      username: blankToUndefined(values.username),
      emailAddress: blankToUndefined(values.emailAddress),
    }),
    fieldsOfKey: { usernameNotAvailable: 'username' },
    messages,
    submit,
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <FormFailure text={failureText} testId="form-failure" />
      <TextInput {...field('firstName')} label="First name" />
      <TextInput {...field('username')} label="Username" />
      <TextInput {...field('emailAddress')} label="E-mail" />
      <Button type="submit">Save</Button>
      <Button onClick={reset}>Start again</Button>
    </form>
  );
}

function renderForm(submit: (body: Body) => Promise<unknown>, messages?: FeatureMessages) {
  renderRoutes([{ path: '/form', element: <TestForm submit={submit} messages={messages} /> }], { path: '/form' });
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

afterEach(cleanup);

describe('useSchemaForm', () => {
  it('checks with the schema, shows translated messages and focuses the first field in error', async () => {
    const submit = vi.fn(() => Promise.resolve());
    renderForm(submit);
    type('First name', 'Ana');
    type('E-mail', 'not-an-address');
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    // Once submitted, a message follows the field as it is corrected.
    type('Username', 'ana');
    await waitFor(() => expect(screen.queryByText('This field is required.')).toBeNull());
  });

  it('lets a feature word a shared rule for the field it is shown under', async () => {
    renderForm(
      () => Promise.resolve(),
      (message, field) => (message === REQUIRED && field === 'username' ? 'Choose a username.' : undefined),
    );
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
    expect(screen.getByText('Choose a username.')).toBeTruthy();
    // The other fields keep the shared wording.
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
  });

  it('starts again as new: no values, no messages, none while typing until the next submit', async () => {
    renderForm(() => Promise.resolve());
    type('E-mail', 'not-an-address');
    save();
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address.')).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('');
    type('E-mail', 'still-not-an-address');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Enter a valid e-mail address.')).toBeNull();
  });

  it('sends the parsed body, puts the server field issues on their fields and focuses the first', async () => {
    const submit = vi.fn((_body: Body) =>
      Promise.reject(
        new ApiError(400, 'validation', 'Some fields are not valid.', [
          { field: 'emailAddress', message: 'Enter a valid e-mail address.' },
          { field: 'profile.firstName', message: 'First name must be at most 50 characters.' },
        ]),
      ),
    );
    renderForm(submit);
    type('First name', ' Ana ');
    type('Username', 'ana');
    type('E-mail', 'ana@example.org');
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First name')));
    expect(submit.mock.calls[0]?.[0]).toEqual({
      profile: { firstName: 'Ana' },
      username: 'ana',
      emailAddress: 'ana@example.org',
    });
    expect(screen.getByText('First name must be at most 50 characters.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('form-failure')).toBeNull();
  });

  it('places a refusal about one field on it, in the reader’s words', async () => {
    renderForm(() => Promise.reject(ApiError.of('usernameNotAvailable')));
    type('First name', 'Ana');
    type('Username', 'ana');
    type('E-mail', 'ana@example.org');
    save();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Username')));
    expect(screen.getByText('This username is not available.')).toBeTruthy();
  });

  it('tells a refusal about no field above the form', async () => {
    renderForm(() => Promise.reject(ApiError.of('err_forbidden')));
    type('First name', 'Ana');
    type('Username', 'ana');
    type('E-mail', 'ana@example.org');
    save();
    const failure = await screen.findByTestId('form-failure');
    expect(failure.getAttribute('role')).toBe('alert');
    expect(failure.textContent).toContain('you do not have permission');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
  });
});

const listSchema = z.strictObject({
  values: z.strictObject({ tags: z.array(z.string().regex(/^[a-z]+$/, 'Letters only.')).min(1, 'Add a tag.') }),
});

/** A list edited in one input, sent inside a `values` object. */
function ListForm({ submit }: { submit: (body: z.output<typeof listSchema>) => Promise<unknown> }) {
  const { form, field, formRef, onSubmit } = useSchemaForm({
    schema: listSchema,
    initialValues: { tags: ['ok'] },
    toBody: ({ tags }) => ({ values: { tags } }),
    submit,
  });
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <TextInput
        label="Tags"
        value={form.values.tags.join(' ')}
        onChange={(event) => form.setFieldValue('tags', event.currentTarget.value.split(' '))}
        error={field('tags').error}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('useSchemaForm with a list', () => {
  it('says an item’s problem, the schema’s or the server’s, on the list', async () => {
    const submit = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'validation', 'Some fields are not valid.', [{ field: 'values.tags.1', message: 'Too many.' }]),
      ),
    );
    renderRoutes([{ path: '/form', element: <ListForm submit={submit} /> }], { path: '/form' });
    type('Tags', 'ok n0');
    save();
    expect(await screen.findByText('Letters only.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Tags')));
    expect(submit).not.toHaveBeenCalled();

    type('Tags', 'ok no');
    save();
    expect(await screen.findByText('Too many.')).toBeTruthy();
    expect(submit).toHaveBeenCalledTimes(1);
  });
});

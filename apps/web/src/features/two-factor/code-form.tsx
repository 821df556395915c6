import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { twoFactorConfirmInputSchema, twoFactorDisableInputSchema } from '@opencare/schemas/entities/two-factor';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { CodeField } from './code-field';

interface CodeFormProps {
  /** Ask for the password too (turning two-factor off). */
  withPassword?: boolean;
  submitLabel: string;
  onSubmit: (code: string, password: string) => Promise<void>;
  onCancel?: () => void;
  cancelLabel?: string;
  children?: ReactNode;
}

/** A code (and maybe the password) to prove it is the user: sign-in's second step, and changes to two-factor. */
export function CodeForm({ withPassword = false, submitLabel, onSubmit, onCancel, cancelLabel, children }: CodeFormProps) {
  const { t } = useTranslation('settings');
  const { form, field, formRef, onSubmit: submit, submitting, failureText } = useSchemaForm({
    // Turning two-factor off asks for the password as well; the other uses of a code only the code.
    schema: withPassword ? twoFactorDisableInputSchema : twoFactorConfirmInputSchema,
    initialValues: { code: '', password: '' },
    toBody: (values) => (withPassword ? values : { code: values.code }),
    // A refused code is told above the form in the catalogue's full words (what to enter instead),
    // not as the short field note the server adds.
    fieldsOfKey: { twoFactorCodeInvalid: [] },
    submit: async (body) => {
      try {
        await onSubmit(body.code, withPassword ? form.getValues().password : '');
      } catch (error) {
        // A refused code is used up as far as the person is concerned: the box is emptied for the next.
        form.setValues({ code: '' });
        throw error;
      }
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <Stack gap="md">
        {children}
        <FormFailure text={failureText} testId="two-factor-error" />
        {withPassword && (
          <PasswordInput {...field('password')} label={t('twoFactor.password')} autoComplete="current-password" required />
        )}
        <CodeField {...field('code')} autoFocus />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {cancelLabel ?? t('twoFactor.cancel')}
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { PasswordInput, SimpleGrid } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

/** What a form gives each box: its name, value, error and change handler. */
type BoxProps = Omit<ComponentProps<typeof PasswordInput>, 'label'>;

/** Hints under the box, so the boxes of a row line up whichever of them has a hint. */
export const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** A new password and its retype, as sign-up and invitation acceptance ask for them. */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: BoxProps;
  confirmation: BoxProps;
}) {
  const { t } = useTranslation('signup');
  const toggle = { 'aria-label': t('fields.togglePassword') };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <PasswordInput
        {...password}
        label={t('fields.password')}
        description={t('fields.passwordHint')}
        inputWrapperOrder={HINT_BELOW}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
      />
      <PasswordInput
        {...confirmation}
        label={t('fields.passwordConfirmation')}
        autoComplete="new-password"
        required
        visibilityToggleButtonProps={toggle}
      />
    </SimpleGrid>
  );
}

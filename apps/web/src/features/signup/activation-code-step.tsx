import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { tokenInputSchema } from '@opencare/schemas/entities/auth';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSchemaForm } from '../../components/form/use-schema-form';

interface ActivationCodeStepProps {
  onNoCode: () => void;
  /** Why the person is here again, e.g. after "enter the code" on the check-your-e-mail screen. */
  notice?: string;
}

/**
 * The code in the verification e-mail is the same token as its link: pasting it here takes the
 * person to the verify page as the link would, for a mail app that opens links elsewhere.
 */
export function ActivationCodeStep({ onNoCode, notice }: ActivationCodeStepProps) {
  const { t } = useTranslation('signup');
  const navigate = useNavigate();
  const { field, formRef, onSubmit } = useSchemaForm({
    schema: tokenInputSchema,
    initialValues: { token: '' },
    submit: async (body) => {
      await navigate(`/signup/verify?token=${encodeURIComponent(body.token)}`);
    },
  });

  return (
    <Stack>
      {notice && (
        <Alert color="teal" variant="light">
          {notice}
        </Alert>
      )}
      <Text>{t('activation.intro')}</Text>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput
            {...field('token')}
            label={t('fields.activationCode')}
            description={t('activation.codeHint')}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
          />
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" onClick={onNoCode} data-testid="no-code">
              {t('activation.noCode')}
            </Button>
            <Button type="submit">{t('activation.submit')}</Button>
          </Group>
        </Stack>
      </form>
      <Text size="sm" c="dimmed">
        {t('activation.haveAccount')}{' '}
        <Anchor component={Link} to="/login" underline="always">
          {t('actions.logIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}

import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { tokenInputSchema } from '@opencare/schemas/entities/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { firstIssues } from '../../components/form/form-errors';
import { useFieldMessage } from '../../components/form/use-field-message';

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
  const message = useFieldMessage();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = tokenInputSchema.safeParse({ token: code });
    if (!result.success) {
      setError(firstIssues(result).token);
      return;
    }
    void navigate(`/signup/verify?token=${encodeURIComponent(result.data.token)}`);
  }

  return (
    <Stack>
      {notice && (
        <Alert color="teal" variant="light">
          {notice}
        </Alert>
      )}
      <Text>{t('activation.intro')}</Text>
      <form noValidate onSubmit={submit}>
        <Stack>
          <TextInput
            label={t('fields.activationCode')}
            description={t('activation.codeHint')}
            name="token"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(undefined);
            }}
            error={message(error)}
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

import { Alert, Anchor, Button, DataList, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { InvitationPreview } from '@opencare/schemas/entities/care';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { FlowCard } from '../signup/flow-card';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { asApiError } from '../../api/api-error';
import { trpc } from '../../api/trpc';
import { roleLabel } from '../../i18n/role-label';

/** /invitations/verify?token=… (spec §5: without a token, go home). */
export function InvitationVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  if (!token) return <Navigate to="/" replace />;
  return <VerifyInvitation token={token} />;
}

function VerifyInvitation({ token }: { token: string }) {
  const { t } = useTranslation('signup');
  const errorText = useApiErrorText();
  const verify = trpc.invitations.verify.useMutation();
  const { mutate } = verify;
  // Checked once per token: React's development mode runs effects twice, the ref remembers.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === token) return;
    asked.current = token;
    mutate({ token });
  }, [token, mutate]);

  return (
    <FlowCard
      size={560}
      title={
        <Title order={1} size="h2">
          {t('invitation.verifyTitle')}
        </Title>
      }
    >
      {(verify.status === 'idle' || verify.status === 'pending') && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('invitation.checking')}</Text>
        </Group>
      )}
      {verify.status === 'error' && (
        <Stack>
          <Alert color="red" variant="light" role="alert" data-testid="invitation-error">
            {errorText(asApiError(verify.error))}
          </Alert>
          <Text size="sm">{t('invitation.askAgain')}</Text>
          <Anchor component={Link} to="/login">
            {t('actions.logIn')}
          </Anchor>
        </Stack>
      )}
      {verify.status === 'success' && <InvitationDetails invitation={verify.data} token={token} />}
    </FlowCard>
  );
}

function InvitationDetails({ invitation, token }: { invitation: InvitationPreview; token: string }) {
  const { t, i18n } = useTranslation('signup');
  const { t: tc } = useTranslation('common');
  const expires = new Date(invitation.expiresAt);
  return (
    <Stack data-testid="invitation-details">
      <Text>{t('invitation.intro', { organisation: invitation.organisationName })}</Text>
      <DataList labelWidth="10rem" withDivider>
        <DataList.Item>
          <DataList.ItemLabel>{t('fields.emailAddress')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <bdi>{invitation.email}</bdi>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('invitation.role')}</DataList.ItemLabel>
          <DataList.ItemValue>{roleLabel(tc, invitation.role.toLowerCase())}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('fields.accountType')}</DataList.ItemLabel>
          <DataList.ItemValue>{t(`accountTypes.${invitation.accountType}`)}</DataList.ItemValue>
        </DataList.Item>
        {!Number.isNaN(expires.getTime()) && (
          <DataList.Item>
            <DataList.ItemLabel>{t('invitation.expires')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
                expires,
              )}
            </DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList>
      <Group>
        <Button component={Link} to={`/invitations/complete?token=${encodeURIComponent(token)}`}>
          {t('invitation.accept')}
        </Button>
      </Group>
    </Stack>
  );
}

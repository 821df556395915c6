import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { inviteCaregiverInputSchema, type CaregiverLink } from '@opencare/schemas/entities/caregivers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../api/trpc';
import { QueryView } from '../../components/data/load-state';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { UsersIcon } from '../../components/icons/icons';
import { useNotifications } from '../../components/notifications/use-notify';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { ConfirmDialog } from '../patients/care-plan/confirm-dialog';
import { useCaregiverScopesMutation, useInviteCaregiverMutation, useRevokeCaregiverMutation } from './caregiver-queries';
import { ScopeField, useScopeLabel } from './scope-field';
import { useCaregiverRuleMessages } from './use-caregiver-messages';

const STATUS_COLOURS = { invited: 'blue', active: 'green', declined: 'gray', revoked: 'gray' } as const;

/** /caregivers (patients): invite a caregiver, see who may do what, change it or end it. */
export function MyCaregiversPage() {
  const { t } = useTranslation('screens');
  const caregivers = trpc.caregivers.mine.useQuery();
  return (
    <PageFrame title={t('caregivers.title')} intro={t('caregivers.intro')}>
      <InviteForm />
      <Stack gap="sm" component="section" aria-labelledby="caregivers-list-title">
        <Title order={2} size="h4" id="caregivers-list-title">
          {t('caregivers.list.title')}
        </Title>
        <QueryView query={caregivers} loading={t('caregivers.list.loading')}>
          {(links) => {
            const open = links.filter((l) => l.status === 'invited' || l.status === 'active');
            const past = links.filter((l) => l.status !== 'invited' && l.status !== 'active');
            return (
              <Stack gap="sm">
                {open.length === 0 && <EmptyState order={3} icon={<UsersIcon size={28} />} title={t('caregivers.list.empty')} hint={t('caregivers.list.emptyHint')} />}
                <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="my-caregivers">
                  {open.map((link) => (
                    <CaregiverItem key={link.id} link={link} />
                  ))}
                </Stack>
                {past.length > 0 && (
                  <>
                    <Title order={3} size="h5" mt="sm">
                      {t('caregivers.list.past')}
                    </Title>
                    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="past-caregivers">
                      {past.map((link) => (
                        <CaregiverItem key={link.id} link={link} />
                      ))}
                    </Stack>
                  </>
                )}
              </Stack>
            );
          }}
        </QueryView>
      </Stack>
    </PageFrame>
  );
}

function InviteForm() {
  const { t } = useTranslation('screens');
  const { notify } = useNotifications();
  const invite = useInviteCaregiverMutation();
  const messages = useCaregiverRuleMessages();
  const { field, formRef, onSubmit, submitting, failureText, form, reset } = useSchemaForm({
    schema: inviteCaregiverInputSchema,
    initialValues: { email: '', scopes: ['readings'] as string[] },
    messages,
    submit: (body) => invite.mutateAsync(body),
    onSuccess: (link) => {
      reset();
      notify({ id: 'caregiver-invited', message: t('caregivers.invite.sent', { email: link.email }), tone: 'success' });
    },
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invite-caregiver-title">
      <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="invite-caregiver-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="invite-caregiver-title">
            {t('caregivers.invite.title')}
          </Title>
          <FormFailure text={failureText} />
          <TextInput {...field('email')} type="email" label={t('caregivers.invite.email')} description={t('caregivers.invite.emailHint')} dir="ltr" autoComplete="off" required />
          <ScopeField value={form.values.scopes} onChange={(scopes) => form.setFieldValue('scopes', scopes)} error={field('scopes').error} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} data-testid="send-caregiver-invitation">
              {t('caregivers.invite.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function CaregiverItem({ link }: { link: CaregiverLink }) {
  const { t, i18n } = useTranslation('screens');
  const scopeLabel = useScopeLabel();
  const { notify } = useNotifications();
  const revoke = useRevokeCaregiverMutation();
  const [editing, setEditing] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso)) : '');
  const name = link.caregiver?.name ?? link.email;
  const open = link.status === 'invited' || link.status === 'active';
  const when =
    link.status === 'invited'
      ? t('caregivers.list.invited', { date: date(link.createdAt) })
      : link.status === 'active'
        ? t('caregivers.list.since', { date: date(link.acceptedAt) })
        : t(link.status === 'declined' ? 'caregivers.list.declined' : 'caregivers.list.ended', { date: date(link.endedAt) });
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="caregiver-item" data-status={link.status}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={2} miw={0}>
            <Text fw={600}>
              <bdi>{name}</bdi>
            </Text>
            {link.caregiver && (
              <Text size="sm" c="dimmed" dir="ltr" ta="start">
                {link.email}
              </Text>
            )}
          </Stack>
          <Badge color={STATUS_COLOURS[link.status]} variant="light">
            {t(`caregivers.status.${link.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {when}
        </Text>
        {editing ? (
          <ScopesEditor link={link} onDone={() => setEditing(false)} />
        ) : (
          <Text size="sm" data-testid="caregiver-scopes-text">
            {link.scopes.map((scope) => scopeLabel(scope, 'patient')).join(' · ')}
          </Text>
        )}
        {open && !editing && (
          <Group gap="xs" justify="flex-end">
            <Button variant="default" size="compact-md" onClick={() => setEditing(true)}>
              {t('caregivers.list.change')}
            </Button>
            <Button color="red" variant="light" size="compact-md" onClick={() => setRevoking(true)} data-testid="revoke-caregiver">
              {link.status === 'invited' ? t('caregivers.list.withdraw') : t('caregivers.list.revoke')}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={revoking}
        title={t('caregivers.list.revokeTitle', { name })}
        body={t('caregivers.list.revokeBody')}
        confirmLabel={link.status === 'invited' ? t('caregivers.list.withdraw') : t('caregivers.list.revoke')}
        onClose={() => setRevoking(false)}
        onConfirm={async () => {
          await revoke.mutateAsync({ id: link.id });
          setRevoking(false);
          notify({ id: 'caregiver-revoked', message: t('caregivers.list.revoked'), tone: 'success' });
        }}
      />
    </Paper>
  );
}

function ScopesEditor({ link, onDone }: { link: CaregiverLink; onDone: () => void }) {
  const { t } = useTranslation('screens');
  const { notify } = useNotifications();
  const change = useCaregiverScopesMutation();
  const messages = useCaregiverRuleMessages();
  const { field, formRef, onSubmit, submitting, failureText, form } = useSchemaForm({
    schema: inviteCaregiverInputSchema.pick({ scopes: true }),
    initialValues: { scopes: link.scopes },
    messages,
    submit: (body) => change.mutateAsync({ id: link.id, ...body }),
    onSuccess: () => {
      notify({ id: 'caregiver-scopes', message: t('caregivers.list.saved'), tone: 'success' });
      onDone();
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <FormFailure text={failureText} />
        <ScopeField value={form.values.scopes} onChange={(scopes) => form.setFieldValue('scopes', scopes)} error={field('scopes').error} />
        <Group gap="xs" justify="flex-end">
          <Button variant="default" size="compact-md" onClick={onDone} disabled={submitting}>
            {t('caregivers.list.cancel')}
          </Button>
          <Button type="submit" size="compact-md" loading={submitting}>
            {t('caregivers.list.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

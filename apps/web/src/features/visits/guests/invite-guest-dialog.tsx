import { Badge, Button, Group, Modal, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  createTelehealthInvitationInputSchema,
  GUEST_ROLES,
  type GuestRole,
  type TelehealthInvitation,
} from '@opencare/schemas/entities/visits';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../../components/form/form-failure';
import type { FeatureMessages } from '../../../components/form/use-field-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useNotifications } from '../../../components/notifications/use-notify';
import { RemoveGuestDialog } from './remove-guest-dialog';
import { useInviteGuestMutation, useVisitGuests } from './guest-queries';

interface InviteGuestDialogProps {
  visitId: string;
  opened: boolean;
  onClose: () => void;
}

const STATUS_COLORS: Record<TelehealthInvitation['status'], string> = {
  invited: 'blue',
  waiting: 'yellow',
  inCall: 'teal',
  revoked: 'gray',
  expired: 'gray',
};

/**
 * The clinician invites an interpreter, a family member or someone else to the visit (the link is
 * e-mailed), and sees the visit's links with where each guest is; removing one revokes the link.
 */
export function InviteGuestDialog({ visitId, opened, onClose }: InviteGuestDialogProps) {
  const { t } = useTranslation('visits');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('guests.title')}
      closeButtonProps={{ 'aria-label': t('guests.close') }}
      size="lg"
      data-testid="invite-guest-dialog"
    >
      {opened && (
        <Stack gap="lg">
          <InviteGuestForm visitId={visitId} />
          <GuestLinks visitId={visitId} />
        </Stack>
      )}
    </Modal>
  );
}

interface GuestValues {
  fullName: string;
  email: string;
  role: GuestRole | '';
}
const EMPTY: GuestValues = { fullName: '', email: '', role: '' };

/** The role's rule in this dialog's words. */
function useGuestMessages(): FeatureMessages {
  const { t } = useTranslation('visits');
  return useCallback((message: string, field?: string) => (field === 'role' ? t('guests.chooseRole') : undefined), [t]);
}

function InviteGuestForm({ visitId }: { visitId: string }) {
  const { t } = useTranslation('visits');
  const { notify } = useNotifications();
  const invite = useInviteGuestMutation();
  const { form, field, formRef, onSubmit, submitting, failureText, reset } = useSchemaForm({
    schema: createTelehealthInvitationInputSchema,
    initialValues: EMPTY,
    toBody: (values: GuestValues) => ({ visitId, ...values }),
    messages: useGuestMessages(),
    submit: invite.mutateAsync,
    onSuccess: (created) => {
      notify({ message: t('guests.sent', { name: created.fullName, email: created.email }), tone: 'success' });
      reset();
    },
  });
  const role = field('role');
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('guests.invite')}>
      <Stack gap="sm">
        <FormFailure text={failureText} testId="invite-guest-failure" />
        <TextInput {...field('fullName')} label={t('guests.name')} required data-autofocus data-testid="guest-name" />
        <TextInput
          {...field('email')}
          type="email"
          label={t('guests.email')}
          required
          dir="ltr"
          autoComplete="off"
          data-testid="guest-email"
        />
        <Radio.Group
          label={t('guests.role')}
          required
          value={form.values.role}
          onChange={(value) => form.setFieldValue('role', value)}
          error={role.error}
          name="role"
          data-testid="guest-role"
        >
          <Group gap="md" mt={6}>
            {GUEST_ROLES.map((value) => (
              <Radio key={value} value={value} label={t(`guests.roles.${value}`)} aria-invalid={role.error ? true : undefined} />
            ))}
          </Group>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          {t('guests.hint')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} data-testid="send-guest-invitation">
            {t('guests.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The visit's links: who, as what, where they are now, and Remove for a link still open. */
function GuestLinks({ visitId }: { visitId: string }) {
  const { t } = useTranslation('visits');
  const guests = useVisitGuests(visitId);
  const [removing, setRemoving] = useState<TelehealthInvitation | null>(null);
  const links = guests.data ?? [];
  return (
    <Stack gap="xs" data-testid="guest-links">
      <Title order={3} size="h5">
        {t('guests.links')}
      </Title>
      {links.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('guests.none')}
        </Text>
      )}
      {links.map((link) => (
        <Group key={link.id} justify="space-between" gap="xs" wrap="nowrap" data-testid="guest-link" data-status={link.status}>
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={500} truncate>
              <bdi>{link.fullName}</bdi> · {t(`guests.roles.${link.role}`)}
            </Text>
            <Text size="xs" c="dimmed" truncate dir="ltr" ta="start">
              {link.email}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
            <Badge color={STATUS_COLORS[link.status]} variant="light">
              {t(`guests.status.${link.status}`)}
            </Badge>
            {(link.status === 'invited' || link.status === 'waiting' || link.status === 'inCall') && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(link)} data-testid="remove-guest-link">
                {t('guests.remove')}
              </Button>
            )}
          </Group>
        </Group>
      ))}
      <RemoveGuestDialog guest={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

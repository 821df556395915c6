import { Badge, Button, Group, Paper, Radio, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { linkCaregiverInputSchema, type CaregiverLink } from '@opencare/schemas/entities/caregivers';
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
import { useLinkCaregiverMutation, useRevokeCaregiverMutation } from './caregiver-queries';
import { ScopeField, useScopeLabel } from './scope-field';
import { useCaregiverRuleMessages } from './use-caregiver-messages';

/** This device's clock as `datetime-local` wants it. */
const localMinute = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** /dashboard/caregivers (admins): link a caregiver account to a patient with the patient's recorded consent; end links. */
export function CaregiverLinksPage() {
  const { t } = useTranslation('screens');
  const links = trpc.caregivers.organisation.useQuery();
  return (
    <PageFrame title={t('caregivers.admin.title')} intro={t('caregivers.admin.intro')} size="lg">
      <LinkForm />
      <Stack gap="sm" component="section" aria-labelledby="caregiver-links-title">
        <Title order={2} size="h4" id="caregiver-links-title">
          {t('caregivers.admin.list')}
        </Title>
        <QueryView query={links}>
          {(items) =>
            items.length === 0 ? (
              <EmptyState order={3} icon={<UsersIcon size={28} />} title={t('caregivers.admin.empty')} hint={t('caregivers.admin.emptyHint')} />
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped data-testid="caregiver-links">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('caregivers.admin.patientCol')}</Table.Th>
                      <Table.Th>{t('caregivers.admin.caregiverCol')}</Table.Th>
                      <Table.Th>{t('caregivers.admin.scopesCol')}</Table.Th>
                      <Table.Th>{t('caregivers.admin.consentCol')}</Table.Th>
                      <Table.Th>{t('caregivers.admin.statusCol')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('caregivers.admin.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((link) => (
                      <LinkRow key={link.id} link={link} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryView>
      </Stack>
    </PageFrame>
  );
}

function LinkRow({ link }: { link: CaregiverLink }) {
  const { t, i18n } = useTranslation('screens');
  const scopeLabel = useScopeLabel();
  const { notify } = useNotifications();
  const revoke = useRevokeCaregiverMutation();
  const [asking, setAsking] = useState(false);
  const name = link.caregiver?.name ?? link.email;
  return (
    <Table.Tr data-testid="caregiver-link-row">
      <Table.Td>
        <bdi>{link.patient.name}</bdi>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          <bdi>{name}</bdi>
        </Text>
        <Text size="xs" c="dimmed" dir="ltr" ta="start">
          {link.email}
        </Text>
      </Table.Td>
      <Table.Td>{link.scopes.map((scope) => scopeLabel(scope)).join(' · ')}</Table.Td>
      <Table.Td>
        <Text size="sm">{t(`caregivers.consent.${link.consent.method}`)}</Text>
        <Text size="xs" c="dimmed">
          <bdi>{[new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(link.consent.at)), link.consent.witness].filter(Boolean).join(' · ')}</bdi>
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge variant="light" color={link.status === 'active' ? 'green' : 'blue'}>
          {t(`caregivers.status.${link.status}`)}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Button color="red" variant="subtle" size="compact-sm" onClick={() => setAsking(true)} aria-label={`${t('caregivers.list.revoke')}: ${name}, ${link.patient.name}`}>
          {t('caregivers.list.revoke')}
        </Button>
        <ConfirmDialog
          opened={asking}
          title={t('caregivers.list.revokeTitle', { name })}
          body={t('caregivers.list.revokeBody')}
          confirmLabel={t('caregivers.list.revoke')}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await revoke.mutateAsync({ id: link.id });
            setAsking(false);
            notify({ id: 'caregiver-revoked', message: t('caregivers.list.revoked'), tone: 'success' });
          }}
        />
      </Table.Td>
    </Table.Tr>
  );
}

function LinkForm() {
  const { t } = useTranslation('screens');
  const { notify } = useNotifications();
  const link = useLinkCaregiverMutation();
  const messages = useCaregiverRuleMessages();
  const [search, setSearch] = useState('');
  const [searched] = useDebouncedValue(search, 250);
  const patients = trpc.users.list.useQuery({ role: 'Patient', status: 'active', pageSize: 50, page: 1, ...(searched.trim() ? { search: searched.trim() } : {}) });
  const utils = trpc.useUtils();
  // The list names users; the link names the patient's account, read from the chosen user.
  const [patientUser, setPatientUser] = useState<string | null>(null);
  const options = (patients.data?.items ?? []).map((user) => ({ value: user.id, label: user.fullName }));
  const { field, formRef, onSubmit, submitting, failureText, form, reset } = useSchemaForm({
    schema: linkCaregiverInputSchema,
    initialValues: { patientId: '', email: '', scopes: ['readings'], method: 'written', witness: '', at: localMinute() },
    toBody: ({ method, witness, at, ...values }) => ({ ...values, consent: { method, witness, at: Number.isNaN(Date.parse(at)) ? at : new Date(at).toISOString() } }),
    rename: { 'consent.witness': 'witness', 'consent.at': 'at', 'consent.method': 'method' },
    messages,
    submit: (body) => link.mutateAsync(body),
    onSuccess: () => {
      reset();
      setPatientUser(null);
      notify({ id: 'caregiver-linked', message: t('caregivers.admin.linked'), tone: 'success' });
    },
  });
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="link-caregiver-title">
      <form ref={formRef} onSubmit={onSubmit} noValidate data-testid="link-caregiver-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="link-caregiver-title">
            {t('caregivers.admin.link')}
          </Title>
          <FormFailure text={failureText} />
          <Group grow align="flex-start">
            <Select
              {...field('patientId')}
              value={patientUser}
              onChange={(userId: string | null) => {
                setPatientUser(userId);
                form.setFieldValue('patientId', '');
                if (userId)
                  void utils.users.get.fetch({ id: userId }).then((user) => {
                    const account = user.accounts.find((a) => a.accountType.code === 'pat');
                    form.setFieldValue('patientId', account?.id ?? '');
                  });
              }}
              label={t('caregivers.admin.patient')}
              placeholder={t('caregivers.admin.patientPlaceholder')}
              data={options}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={patients.isFetching ? '…' : undefined}
              required
              comboboxProps={{ withinPortal: true }}
              data-testid="link-patient"
            />
            <TextInput {...field('email')} type="email" label={t('caregivers.admin.email')} dir="ltr" required />
          </Group>
          <ScopeField value={form.values.scopes} onChange={(scopes) => form.setFieldValue('scopes', scopes)} error={field('scopes').error} voice="other" />
          <Radio.Group {...field('method')} label={t('caregivers.admin.consentHow')} required>
            <Group gap="lg" mt={6}>
              <Radio value="written" label={t('caregivers.admin.written')} />
              <Radio value="verbal" label={t('caregivers.admin.verbal')} />
            </Group>
          </Radio.Group>
          <Group grow align="flex-start">
            <TextInput {...field('witness')} label={t('caregivers.admin.witness')} maxLength={100} required />
            <TextInput {...field('at')} type="datetime-local" label={t('caregivers.admin.consentAt')} dir="ltr" required />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              {t('caregivers.admin.linkButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  companyIdentifierInputSchema,
  ouiInputSchema,
  type Vendor,
} from '@opencare/schemas/entities/devices';
import { useTranslation } from 'react-i18next';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useNotifyError } from '../../components/notifications/use-notify';
import { useDeviceMessages } from '../device-profiles/shared/use-device-messages';
import { useIdentifierMutations, type IdentifierKind } from './vendor-queries';

const SCHEMAS = { oui: ouiInputSchema, companyIdentifier: companyIdentifierInputSchema };

interface IdentifierListProps {
  vendor: Vendor;
  kind: IdentifierKind;
}

/**
 * One kind of Bluetooth identifier of a vendor: the ones it has, each removable, and a field to
 * add another. A malformed value is caught here with the server's own message; a duplicate is
 * refused by the server (an identifier names one vendor of the organisation) and said on the field.
 */
export function IdentifierList({ vendor, kind }: IdentifierListProps) {
  const { t } = useTranslation('devices');
  const notifyError = useNotifyError();
  // Each answers with the whole vendor, written into the vendor's query.
  const { add: adding, remove: removing } = useIdentifierMutations(kind);
  const values = kind === 'oui' ? vendor.ouis : vendor.companyIdentifiers;
  const { form, field, formRef, onSubmit, failureText } = useSchemaForm({
    schema: SCHEMAS[kind],
    initialValues: { value: '' },
    toBody: ({ value }) => ({ [kind]: value }),
    // The schema names the field by its kind; the call and this form call it `value`.
    rename: { [kind]: 'value' },
    messages: useDeviceMessages(),
    // An identifier already given to a vendor is said on the field, as a malformed one is.
    fieldsOfKey: { vendorIdentifierTaken: 'value' },
    submit: (body) => adding.mutateAsync({ id: vendor.id, value: Object.values(body)[0] ?? '' }),
    onSuccess: () => {
      form.reset();
    },
  });

  function remove(item: string) {
    removing.mutate({ id: vendor.id, value: item }, { onError: notifyError });
  }

  return (
    <Stack gap="xs" data-testid={`identifiers-${kind}`}>
      <Title order={3} size="h5">
        {t(`identifiers.${kind}.title`)}
      </Title>
      {values.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`identifiers.${kind}.none`)}
        </Text>
      ) : (
        <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {values.map((item) => (
            <li key={item}>
              <Badge
                size="lg"
                variant="light"
                tt="none"
                pe={4}
                rightSection={
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={t('identifiers.remove', { value: item })}
                    onClick={() => remove(item)}
                  >
                    ×
                  </ActionIcon>
                }
              >
                <bdi dir="ltr">{item}</bdi>
              </Badge>
            </li>
          ))}
        </Group>
      )}
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <TextInput
          {...field('value')}
          name={kind}
          label={t(`identifiers.${kind}.label`)}
          description={t(`identifiers.${kind}.hint`)}
          placeholder={kind === 'oui' ? 'EA:E0:AA' : '0x0CA5'}
          dir="ltr"
          // A refusal that is not about the value (no right, no network) is said here all the same.
          error={field('value').error ?? failureText ?? undefined}
          maxLength={12}
          // The add button sits beside the field itself, below its label and hint.
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: '1 1 auto', minWidth: 0 }}>{input}</div>
              <Button type="submit" variant="default" loading={adding.isPending}>
                {t('identifiers.add')}
              </Button>
            </Group>
          )}
        />
      </form>
    </Stack>
  );
}

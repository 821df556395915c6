import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  companyIdentifierInputSchema,
  ouiInputSchema,
  type Vendor,
} from '@opencare/schemas/entities/devices';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { useNotifyError } from '../../components/notifications/use-notify';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useFieldMessage } from '../device-profiles/shared/use-field-message';
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
  const message = useFieldMessage();
  const errorText = useApiErrorText();
  const notifyError = useNotifyError();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Each answers with the whole vendor, written into the vendor's query.
  const { add: adding, remove: removing } = useIdentifierMutations(kind);
  const values = kind === 'oui' ? vendor.ouis : vendor.companyIdentifiers;

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SCHEMAS[kind].safeParse({ [kind]: value });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      return;
    }
    adding.mutate(
      { id: vendor.id, value: Object.values(parsed.data)[0] ?? value },
      {
        onSuccess() {
          setValue('');
          setError(undefined);
        },
        onError(caught) {
          const failure = asApiError(caught);
          const field = failure instanceof ApiError ? failure.errors[0]?.message : undefined;
          setError(field ? message(field) : errorText(failure));
        },
      },
    );
  }

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
      <form noValidate onSubmit={add}>
        <TextInput
          name={kind}
          label={t(`identifiers.${kind}.label`)}
          description={t(`identifiers.${kind}.hint`)}
          placeholder={kind === 'oui' ? 'EA:E0:AA' : '0x0CA5'}
          dir="ltr"
          value={value}
          error={error}
          maxLength={12}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
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

import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  companyIdentifierInputSchema,
  ouiInputSchema,
  type Vendor,
} from '@opencare/schemas/entities/devices';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { useNotifyError } from '../../components/notifications/use-notify';
import { useApiErrorText } from '../signup/use-api-error-text';
import { useFieldMessage } from '../device-profiles/shared/use-field-message';
import { addIdentifier, removeIdentifier, type IdentifierKind } from './vendors-api';

const SCHEMAS = { oui: ouiInputSchema, companyIdentifier: companyIdentifierInputSchema };

interface IdentifierListProps {
  vendor: Vendor;
  kind: IdentifierKind;
  onChange: (vendor: Vendor) => void;
}

/**
 * One kind of Bluetooth identifier of a vendor: the ones it has, each removable, and a field to
 * add another. A malformed value is caught here with the server's own message; a duplicate is
 * refused by the server (an identifier names one vendor of the organisation) and said on the field.
 */
export function IdentifierList({ vendor, kind, onChange }: IdentifierListProps) {
  const { t } = useTranslation('devices');
  const message = useFieldMessage();
  const errorText = useApiErrorText();
  const notifyError = useNotifyError();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const values = kind === 'oui' ? vendor.ouis : vendor.companyIdentifiers;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = SCHEMAS[kind].safeParse({ [kind]: value });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message));
      return;
    }
    setBusy(true);
    try {
      onChange(await addIdentifier(vendor.id, kind, Object.values(parsed.data)[0] ?? value));
      setValue('');
      setError(undefined);
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.errors[0]?.message : undefined;
      setError(field ? message(field) : errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: string) {
    try {
      onChange(await removeIdentifier(vendor.id, kind, item));
    } catch (failure) {
      notifyError(failure);
    }
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
                    onClick={() => void remove(item)}
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
      <form noValidate onSubmit={(event) => void add(event)}>
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
              <Button type="submit" variant="default" loading={busy}>
                {t('identifiers.add')}
              </Button>
            </Group>
          )}
        />
      </form>
    </Stack>
  );
}

import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Vendor } from '@opencare/schemas/entities/devices';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, asApiError } from '../../api/api-error';
import { mergeErrors, serverFieldErrors, type FieldErrors } from '../../components/form/form-errors';
import { useApiErrorText } from '../../components/form/use-api-error-text';
import { useFieldMessage } from '../device-profiles/shared/use-field-message';
import { vendorBody, vendorValuesOf, type VendorValues } from './vendor-values';
import type { VendorBody } from './vendor-queries';

interface VendorFormProps {
  vendor?: Vendor;
  submitLabel: string;
  save: (body: VendorBody) => Promise<Vendor>;
  onSaved: (vendor: Vendor) => void;
  onCancel: () => void;
}

/** The vendor's own fields (spec §3), for create and edit; identifiers are added on the vendor's page. */
export function VendorForm({ vendor, submitLabel, save, onSaved, onCancel }: VendorFormProps) {
  const { t } = useTranslation('devices');
  const message = useFieldMessage();
  const errorText = useApiErrorText();
  const [values, setValues] = useState<VendorValues>(() => vendorValuesOf(vendor));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const validation = vendorBody(values);
  const errors = mergeErrors(serverErrors, checked && validation.errors ? validation.errors : {});

  const field = (key: keyof VendorValues) => ({
    name: key,
    label: t(`vendors.fields.${key}`),
    value: values[key],
    error: message(errors[key]),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [key]: value }));
      setServerErrors((previous) => ({ ...previous, [key]: undefined }));
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    setFailure(null);
    if (!validation.body) return;
    setSaving(true);
    try {
      onSaved(await save(validation.body));
    } catch (caught) {
      const error = asApiError(caught);
      if (error instanceof ApiError) setServerErrors(serverFieldErrors(error.errors));
      setFailure(error);
      setSaving(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={submitLabel}>
        <Stack>
          {failure !== null && (
            <Alert color="red" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          <TextInput {...field('vendorName')} required maxLength={100} autoComplete="organization" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('contactPerson')} maxLength={100} />
            <TextInput {...field('website')} type="url" dir="ltr" maxLength={200} placeholder="https://" />
            <TextInput {...field('address')} maxLength={200} />
            <TextInput {...field('taxId')} maxLength={40} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

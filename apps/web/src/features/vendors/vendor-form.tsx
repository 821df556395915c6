import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { vendorInputSchema, type Vendor } from '@opencare/schemas/entities/devices';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form/form-failure';
import { useSchemaForm } from '../../components/form/use-schema-form';
import { useDeviceMessages } from '../device-profiles/shared/use-device-messages';
import type { VendorBody } from './vendor-queries';
import { vendorValuesOf, type VendorValues } from './vendor-values';

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
  // Every field is sent: a blank one clears what was there.
  const { field, formRef, onSubmit, submitting, failureText } = useSchemaForm({
    schema: vendorInputSchema,
    initialValues: vendorValuesOf(vendor),
    messages: useDeviceMessages(),
    submit: save,
    onSuccess: onSaved,
  });
  const labelled = (key: keyof VendorValues) => ({ ...field(key), label: t(`vendors.fields.${key}`) });

  return (
    <Paper withBorder radius="md" p="lg">
      <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={submitLabel}>
        <Stack>
          <FormFailure text={failureText} />
          <TextInput {...labelled('vendorName')} required maxLength={100} autoComplete="organization" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...labelled('contactPerson')} maxLength={100} />
            <TextInput {...labelled('website')} type="url" dir="ltr" maxLength={200} placeholder="https://" />
            <TextInput {...labelled('address')} maxLength={200} />
            <TextInput {...labelled('taxId')} maxLength={40} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

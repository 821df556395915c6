import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { Vendor } from '@opencare/schemas/entities/devices';
import { DEVICE_MEASUREMENTS, type DeviceMeasurement } from '@opencare/schemas/lookups';
import { useTranslation } from 'react-i18next';
import type { BuilderErrors, BuilderValues } from './builder-values';
import { useFieldMessage } from '../../components/form/use-field-message';
import { useDeviceMessages } from './shared/use-device-messages';

interface ProfileFieldsProps {
  values: BuilderValues;
  errors: BuilderErrors['profile'];
  vendors: Vendor[];
  onChange: (changes: Partial<BuilderValues>) => void;
  /** The admin left the Device field: the builder saves if the device changed. */
  onDeviceCommitted: () => void;
}

const MEASUREMENTS = Object.keys(DEVICE_MEASUREMENTS) as DeviceMeasurement[];

/** The profile's own fields: name (required, spec §5), vendor, measurement type and device. */
export function ProfileFields({ values, errors, vendors, onChange, onDeviceCommitted }: ProfileFieldsProps) {
  const { t } = useTranslation('devices');
  const message = useFieldMessage(useDeviceMessages());
  // A vendor deleted since keeps its place, so the select never shows a value it cannot name.
  const vendorOptions = vendors.map((vendor) => ({ value: vendor.id, label: vendor.vendorName }));
  if (values.vendorId && !vendors.some((vendor) => vendor.id === values.vendorId)) {
    vendorOptions.push({ value: values.vendorId, label: t('profiles.unknownVendor') });
  }

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        name="profileName"
        label={t('profiles.fields.profileName')}
        required
        maxLength={100}
        value={values.profileName}
        error={message(errors.profileName)}
        onChange={(event) => onChange({ profileName: event.currentTarget.value })}
      />
      <NativeSelect
        name="vendorId"
        label={t('profiles.fields.vendor')}
        value={values.vendorId}
        error={message(errors.vendorId)}
        onChange={(event) => onChange({ vendorId: event.currentTarget.value })}
        data={[{ value: '', label: t('profiles.noVendor') }, ...vendorOptions]}
      />
      <NativeSelect
        name="measurement"
        label={t('profiles.fields.measurement')}
        value={values.measurement}
        error={message(errors.measurement)}
        onChange={(event) => onChange({ measurement: event.currentTarget.value as DeviceMeasurement | '' })}
        data={[
          { value: '', label: t('profiles.noMeasurement') },
          ...MEASUREMENTS.map((code) => ({ value: code, label: t(`measurements.${code}`) })),
        ]}
      />
      <TextInput
        name="device"
        label={t('profiles.fields.device')}
        description={t('profiles.deviceHint')}
        maxLength={100}
        value={values.device}
        error={message(errors.device)}
        onChange={(event) => onChange({ device: event.currentTarget.value })}
        onBlur={onDeviceCommitted}
      />
    </SimpleGrid>
  );
}

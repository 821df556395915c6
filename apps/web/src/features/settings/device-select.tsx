import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeviceOption } from './use-media-devices';

interface DeviceSelectProps {
  label: string;
  /** How an unnamed device is called, numbered: browsers hide names until permission is given. */
  unnamed: (n: number) => string;
  devices: DeviceOption[];
  value: string | undefined;
  onChange: (deviceId: string) => void;
  testId?: string;
}

/** A device choice; the empty value is the system's default device. */
export function DeviceSelect({ label, unnamed, devices, value, onChange, testId }: DeviceSelectProps) {
  const { t } = useTranslation('settings');
  const known = !value || devices.some((device) => device.deviceId === value);
  return (
    <NativeSelect
      label={label}
      value={known ? (value ?? '') : ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: '', label: t('media.systemDefault') },
        ...devices
          // "default" and "communications" are Chrome's aliases of a real device already listed.
          .filter((device) => device.deviceId !== 'default' && device.deviceId !== 'communications')
          .map((device, index) => ({ value: device.deviceId, label: device.label || unnamed(index + 1) })),
      ]}
      data-testid={testId}
    />
  );
}

import { Select } from '@mantine/core';
import type { Gateway } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';

interface GatewayPickerProps {
  gateways: readonly Gateway[];
  value: string | null;
  onChange: (gatewayId: string) => void;
  label: string;
  disabled?: boolean;
}

/** Which gateway to work through; with one gateway there is nothing to choose, so nothing is shown. */
export function GatewayPicker({ gateways, value, onChange, label, disabled }: GatewayPickerProps) {
  const { t } = useTranslation('gateways');
  if (gateways.length < 2) return null;
  return (
    <Select
      label={label}
      data={gateways.map((g) => ({ value: g.id, label: `${g.displayName} · ${t(`status.${g.status}`)}` }))}
      value={value}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      disabled={disabled}
      maw={420}
    />
  );
}

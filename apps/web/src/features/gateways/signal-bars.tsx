import { Group, Text } from '@mantine/core';
import type { SignalBucket } from '@opencare/schemas/entities/gateways';
import { useTranslation } from 'react-i18next';

const BARS: Record<SignalBucket, number> = { excellent: 4, good: 3, average: 2, poor: 1, bad: 0 };
const COLORS: Record<SignalBucket, string> = {
  excellent: 'var(--mantine-color-green-7)',
  good: 'var(--mantine-color-green-7)',
  average: 'var(--mantine-color-yellow-8)',
  poor: 'var(--mantine-color-orange-8)',
  bad: 'var(--mantine-color-red-8)',
};

/** The signal bucket of spec §9 as bars and words (the bars alone would say nothing to a screen reader). */
export function SignalBars({ bucket }: { bucket: SignalBucket }) {
  const { t } = useTranslation('gateways');
  const lit = BARS[bucket];
  return (
    <Group gap={6} wrap="nowrap" data-testid="signal" data-signal={bucket}>
      <svg width={20} height={16} viewBox="0 0 20 16" aria-hidden focusable={false}>
        {[0, 1, 2, 3].map((bar) => (
          <rect
            key={bar}
            x={bar * 5}
            y={12 - bar * 4}
            width={3.5}
            height={4 + bar * 4}
            rx={1}
            fill={bar < lit ? COLORS[bucket] : 'var(--mantine-color-gray-4)'}
          />
        ))}
      </svg>
      <Text span size="sm">
        {t(`signal.${bucket}`)}
      </Text>
    </Group>
  );
}

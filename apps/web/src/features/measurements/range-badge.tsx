import { Badge } from '@mantine/core';
import type { RangeClass } from '@opencare/schemas/entities/measurements';
import { useTranslation } from 'react-i18next';

/**
 * A reading's range class in the palette's range colour (spec §3), always with its name: colour
 * alone would say nothing to people who cannot tell the colours apart.
 */
export function RangeBadge({ rangeClass }: { rangeClass: RangeClass }) {
  const { t } = useTranslation('measurements');
  const colour = `var(--oc-color-${rangeClass})`;
  return (
    <Badge
      variant="outline"
      radius="sm"
      data-testid="range-badge"
      data-range={rangeClass}
      style={{ color: colour, borderColor: colour, flexShrink: 0 }}
    >
      {t(`ranges.${rangeClass}`)}
    </Badge>
  );
}

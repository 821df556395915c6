import type { RangeClass } from '@opencare/schemas/entities/measurements';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** The colour of a range class (theme.ts palettes, as CSS variables); grey when a reading has none. */
export function rangeColor(rangeClass: RangeClass | null): string {
  return rangeClass ? `var(--oc-color-${rangeClass})` : 'var(--mantine-color-gray-6)';
}

/** The outlined pill a range is shown in (the range badge, a patient's open alerts). */
export function rangePillStyle(color: string): CSSProperties {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    padding: '1px 8px',
    borderRadius: 999,
    border: `1px solid ${color}`,
    fontSize: 'var(--mantine-font-size-xs)',
    whiteSpace: 'nowrap',
  };
}

/** The dot in a range pill that carries its colour. */
export function RangeDot({ color }: { color: string }) {
  return <span aria-hidden style={{ width: 8, height: 8, borderRadius: 999, background: color, flexShrink: 0 }} />;
}

/**
 * A reading's range, in its colour and in words: colour alone would not reach everyone. The colour
 * is carried by the dot and the outline; the small text stays in the text colour, as some range
 * colours fall short of 4.5:1 on a tinted row.
 */
export function RangeBadge({ rangeClass }: { rangeClass: RangeClass | null }) {
  const { t } = useTranslation('patients');
  const color = rangeColor(rangeClass);
  return (
    <span
      data-testid="range-badge"
      data-range={rangeClass ?? 'none'}
      style={{ ...rangePillStyle(color), color: 'var(--mantine-color-text)', fontWeight: 600 }}
    >
      <RangeDot color={color} />
      {t(rangeClass ? `ranges.${rangeClass}` : 'ranges.none')}
    </span>
  );
}

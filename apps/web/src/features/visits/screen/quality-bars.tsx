import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useHoverTooltip } from '../../../components/use-hover-tooltip';
import type { LinkQuality } from '../engines/link-quality';

const BARS = { good: 3, fair: 2, poor: 1 } as const;
const COLORS = {
  good: 'var(--mantine-color-green-5)',
  fair: 'var(--mantine-color-yellow-5)',
  poor: 'var(--mantine-color-red-5)',
};

/** A link's quality as signal bars, with its figures on hover and in words for screen readers. */
export function QualityBars({ quality }: { quality: LinkQuality }) {
  const { t } = useTranslation('visits');
  const label = t(`call.quality.${quality.level}`);
  const figures = [
    quality.roundTripMs !== null && t('call.quality.roundTrip', { ms: quality.roundTripMs }),
    quality.lossPercent !== null && t('call.quality.loss', { percent: quality.lossPercent }),
  ].filter(Boolean);
  const hint = useHoverTooltip([label, ...figures].join(' · '));
  return (
    <>
      <Box
        ref={hint.ref}
        onPointerEnter={hint.onPointerEnter}
        role="img"
        aria-label={label}
        data-testid="link-quality"
        data-level={quality.level}
        px={4}
        py={3}
        style={{
          display: 'inline-flex',
          alignItems: 'flex-end',
          gap: 2,
          borderRadius: 4,
          background: 'rgba(0,0,0,0.55)',
        }}
      >
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            style={{
              width: 3,
              height: 3 + bar * 3,
              borderRadius: 1,
              background: bar <= BARS[quality.level] ? COLORS[quality.level] : 'rgba(255,255,255,0.35)',
            }}
          />
        ))}
      </Box>
      {hint.tooltip}
    </>
  );
}

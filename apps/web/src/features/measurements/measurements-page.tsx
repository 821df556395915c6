import { SegmentedControl, ScrollArea, Stack } from '@mantine/core';
import { measurementCodeSchema, type MeasurementCode } from '@opencare/schemas/lookups';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ActivityIcon } from '../../components/icons/icons';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';

const CODES = measurementCodeSchema.options;
const isCode = (value: string | null): value is MeasurementCode =>
  (CODES as readonly (string | null)[]).includes(value);

/** The patient's readings by measurement type (spec §1, §3 measurement codes). */
export function MeasurementsPage() {
  const { t } = useTranslation('screens');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('type');
  const type: MeasurementCode = isCode(requested) ? requested : 'bp';

  return (
    <PageFrame title={t('measurements.title')} intro={t('measurements.intro')}>
      <Stack gap="md">
        <ScrollArea type="auto" offsetScrollbars>
          <SegmentedControl
            value={type}
            onChange={(next) => setSearch(next === 'bp' ? {} : { type: next }, { replace: true })}
            data={CODES.map((code) => ({ value: code, label: t(`measurements.types.${code}`) }))}
            aria-label={t('measurements.title')}
          />
        </ScrollArea>
        <EmptyState
          icon={<ActivityIcon size={28} />}
          title={t('measurements.empty')}
          hint={t('measurements.emptyHint')}
        />
      </Stack>
    </PageFrame>
  );
}

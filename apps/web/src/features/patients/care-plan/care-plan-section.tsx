import { Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../shared/section-card';
import { useCanEditCare } from '../snapshot/use-can-edit-care';
import { SchedulesPanel } from './schedules-panel';
import { ThresholdsPanel } from './thresholds-panel';

/**
 * The patient's care plan: measurement schedules and the limits that class readings. Assistants and
 * patients read it; the server refuses their writes (403), so their buttons are hidden here.
 */
export function CarePlanSection({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const canEdit = useCanEditCare();
  return (
    <SectionCard title={t('carePlan.title')} testId="care-plan-section">
      <SchedulesPanel patientId={patientId} canEdit={canEdit} />
      <Divider />
      <ThresholdsPanel patientId={patientId} canEdit={canEdit} />
    </SectionCard>
  );
}

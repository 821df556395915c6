import { Stack } from '@mantine/core';
import type { SettingsArea } from '@opencare/schemas/entities/settings';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { SettingsSection } from '../settings/settings-section';
import { AreaForm } from './area-form';
import { AREA_SCREENS } from './area-screens';
import { QueryView } from '../../components/data/load-state';
import { useAreaSettings } from './settings-queries';

/** /dashboard/<area>: one system area's settings, saved for the whole organisation, and its figures. */
export function SettingsAreaPage<A extends SettingsArea>({ area }: { area: A }) {
  const { t } = useTranslation('system');
  // The saved values: as loaded, then as each save writes them into the query.
  const query = useAreaSettings(area);

  const { Fields, Figures, size } = AREA_SCREENS[area];
  const id: SettingsArea = area;
  return (
    <PageFrame
      title={t(`areas.${id}.title`)}
      intro={t(`areas.${id}.description`)}
      back={<BackLink to={ROUTES.dashboard} label={t('allAreas')} />}
      size={size}
    >
      <QueryView query={query}>
        {(saved) => {
          return (
            <Stack gap="lg" data-testid={Fields ? undefined : `settings-${area}`}>
              {Fields && (
                <SettingsSection
                  title={t('form.title')}
                  description={t('form.description')}
                  testId={`settings-${area}`}
                >
                  <AreaForm area={area} saved={saved}>
                    {(form) => <Fields form={form} />}
                  </AreaForm>
                </SettingsSection>
              )}
              {Figures && <Figures />}
            </Stack>
          );
        }}
      </QueryView>
    </PageFrame>
  );
}

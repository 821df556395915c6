import { Stack } from '@mantine/core';
import type { Settings, SettingsArea } from '@opencare/schemas/entities/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/page/back-link';
import { PageFrame } from '../../components/page/page-frame';
import { ROUTES } from '../../route-paths';
import { SettingsSection } from '../settings/settings-section';
import { AreaForm } from './area-form';
import { AREA_SCREENS } from './area-screens';
import { LoadedView } from './loaded-view';
import { fetchAreaSettings } from './settings-api';
import { useLoaded } from '../../components/data/use-loaded';

/** /dashboard/<area>: one system area's settings, saved for the whole organisation, and its figures. */
export function SettingsAreaPage<A extends SettingsArea>({ area }: { area: A }) {
  const { t } = useTranslation('system');
  const loaded = useLoaded(() => fetchAreaSettings(area), [area]);
  // The saved values: as loaded, then as each save returns them.
  const [savedSince, setSaved] = useState<Settings[A] | null>(null);

  const { Fields, Figures, size } = AREA_SCREENS[area];
  const id: SettingsArea = area;
  return (
    <PageFrame
      title={t(`areas.${id}.title`)}
      intro={t(`areas.${id}.description`)}
      back={<BackLink to={ROUTES.dashboard} label={t('allAreas')} />}
      size={size}
    >
      <LoadedView loaded={loaded} testId="settings-load">
        {(data) => {
          const saved = savedSince ?? data;
          return (
            <Stack gap="lg">
              <SettingsSection
                title={t('form.title')}
                description={t('form.description')}
                testId={`settings-${area}`}
              >
                <AreaForm area={area} saved={saved} onSaved={setSaved}>
                  {(form) => <Fields form={form} />}
                </AreaForm>
              </SettingsSection>
              {Figures && <Figures saved={saved} />}
            </Stack>
          );
        }}
      </LoadedView>
    </PageFrame>
  );
}

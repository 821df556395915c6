import { Anchor, Button, Paper, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BackLink } from '../../components/page/back-link';
import { EmptyState } from '../../components/page/empty-state';
import { PageFrame } from '../../components/page/page-frame';
import { pathTo, ROUTES } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { ListView } from '../../components/data/list-view';
import { useListAddress } from '../../components/data/use-list-address';
import { ProfileBadges } from './profile-badges';

type StateFilter = 'all' | 'draft' | 'complete';

/** /dashboard/device-management: the organisation's device profiles, drafts to return to first by date. */
export function DeviceProfilesPage() {
  const { t } = useTranslation('devices');
  // Filter and page live in the address, so "back" from a profile returns to the same list.
  const { params, page, setPage, update } = useListAddress();
  const stateParam = params.get('state');
  const filter: StateFilter = stateParam === 'draft' || stateParam === 'complete' ? stateParam : 'all';
  const list = trpc.deviceProfiles.list.useQuery({ page, state: filter === 'all' ? undefined : filter });

  return (
    <PageFrame
      title={t('profiles.title')}
      intro={t('profiles.intro')}
      back={<BackLink to={ROUTES.dashboard} label={t('common.dashboard')} />}
      actions={
        <Button component={Link} to={ROUTES.deviceProfileCreate}>
          {t('profiles.create')}
        </Button>
      }
      size="lg"
    >
      <SegmentedControl
        aria-label={t('profiles.filter')}
        value={filter}
        onChange={(value) => update({ state: value === 'all' ? null : value, page: null })}
        data={[
          { value: 'all', label: t('profiles.all') },
          { value: 'draft', label: t('states.draft') },
          { value: 'complete', label: t('states.complete') },
        ]}
        w="fit-content"
      />
      <ListView
        query={list}
        onPage={setPage}
        empty={<EmptyState title={t('profiles.empty')} hint={t('profiles.emptyHint')} />}
      >
        {(items) => (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="profiles-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('profiles.fields.profileName')}</Table.Th>
                    <Table.Th>{t('profiles.fields.measurement')}</Table.Th>
                    <Table.Th>{t('profiles.fields.device')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((profile) => (
                    <Table.Tr key={profile.id} data-testid="profile-row">
                      <Table.Td>
                        {/* The badges sit under the name, so a phone shows them without scrolling sideways. */}
                        <Stack gap={4} align="flex-start">
                          <Anchor
                            component={Link}
                            to={pathTo('deviceProfileView', { deviceProfileId: profile.id })}
                          >
                            {profile.profileName}
                          </Anchor>
                          <ProfileBadges profile={profile} />
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        {profile.measurement ? t(`measurements.${profile.measurement}`) : '—'}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" lineClamp={2}>
                          {profile.device ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </ListView>
    </PageFrame>
  );
}

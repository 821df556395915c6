import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { PatientBehind } from '@opencare/schemas/entities/adherence';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../components/data/list-view';
import { QueryView } from '../../components/data/load-state';
import { EmptyState } from '../../components/page/empty-state';
import { ClipboardIcon } from '../../components/icons/icons';
import { pathTo } from '../../route-paths';
import { trpc } from '../../api/trpc';
import { formatDate } from '../appointments/format';
import { homeQueries } from './home-queries';
import { HomeSection } from './home-section';

/** How many patients home shows: the worst few (the server sorts them). */
export const HOME_BEHIND = 5;

/**
 * The organisation's patients behind on their readings (issue 17): low adherence over the last
 * days, tasks missed today, or no reading for days, worst first. Physicians and nurses open the
 * patient's chart from it; assistants, who have no snapshot to open, read the names only.
 */
export function BehindOnReadings({ linkPatient }: { linkPatient: boolean }) {
  const { t } = useTranslation('screens');
  const list = useQuery(homeQueries.behindOnReadings(trpc.useUtils()));
  return (
    <HomeSection title={t('home.behind.title')} testId="home-behind" count={list.data?.total ?? null}>
      <QueryView query={list} loading={t('home.behind.loading')}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState order={3} icon={<ClipboardIcon size={28} />} title={t('home.behind.empty')} hint={t('home.behind.emptyHint')} />
          ) : (
            <ItemList gap={6} testId="home-behind-list">
              {data.items.slice(0, HOME_BEHIND).map((item) => (
                <BehindRow key={item.patient.id} item={item} days={data.days} linkPatient={linkPatient} />
              ))}
            </ItemList>
          )
        }
      </QueryView>
    </HomeSection>
  );
}

function BehindRow({ item, days, linkPatient }: { item: PatientBehind; days: number; linkPatient: boolean }) {
  const { t, i18n } = useTranslation('screens');
  const percent = item.adherence.percent;
  const why = [
    item.reasons.includes('missedTasks') ? t('home.behind.missed', { count: item.missedTasks }) : null,
    item.reasons.includes('noRecentReadings')
      ? item.lastReadingAt
        ? t('home.behind.lastReading', { date: formatDate(item.lastReadingAt, i18n.language) })
        : t('home.behind.noReadings')
      : null,
  ].filter((text): text is string => text !== null);
  return (
    <Paper component="li" withBorder radius="sm" px="sm" py={6} data-testid="home-behind-patient">
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          {linkPatient ? (
            <Anchor component={Link} to={pathTo('patientProfile', { patientId: item.patient.id })} fw={600}>
              {item.patient.fullName}
            </Anchor>
          ) : (
            <Text span fw={600}>
              {item.patient.fullName}
            </Text>
          )}
          <Badge variant="light" tt="none" color={percent === null ? 'gray' : percent < 50 ? 'red' : 'orange'} data-testid="home-behind-adherence">
            {percent === null ? t('home.behind.noTasksDue') : t('home.behind.adherence', { percent, days })}
          </Badge>
        </Group>
        {why.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="home-behind-why">
            {why.join(' · ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

import { Anchor, Group, Stack, Text } from '@mantine/core';
import { rangeClassSchema, type RangeClass } from '@opencare/schemas/entities/measurements';
import type { TimelineEvent } from '@opencare/schemas/entities/patients';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  ActivityIcon,
  AlertIcon,
  CalendarIcon,
  CheckIcon,
  ClipboardIcon,
  GatewayIcon,
  MailIcon,
} from '../../../components/icons/icons';
import { pathTo } from '../../../route-paths';
import { PhotoThumbnail } from '../../measurements/photo-thumbnail';
import { VisitNoteView } from '../../visits/record/visit-note';
import { RangeBadge, rangeColor } from '../shared/range-class';
import { useReadingFormat } from '../shared/use-reading-format';
import { useTimelineText } from './use-timeline-text';

const ICONS: Record<TimelineEvent['kind'], ReactNode> = {
  measurement: <ActivityIcon size={16} />,
  alert: <AlertIcon size={16} />,
  taskCompleted: <CheckIcon size={16} />,
  message: <MailIcon size={16} />,
  appointment: <CalendarIcon size={16} />,
  visit: <ClipboardIcon size={16} />,
  gateway: <GatewayIcon size={16} />,
};

/** Readings and alerts carry a range class; the other events have none. */
function rangeOf(event: TimelineEvent): RangeClass | null {
  if (event.kind !== 'measurement' && event.kind !== 'alert') return null;
  const parsed = rangeClassSchema.safeParse(event.data.rangeClass);
  return parsed.success ? parsed.data : null;
}

/** One event of the timeline: what happened, with its icon, range colour and time. */
export function TimelineItem({ event }: { event: TimelineEvent }) {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const textOf = useTimelineText();
  const { title, detail } = textOf(event);
  // A photo has no range: it shows its picture, not a "not classified" badge.
  const photoId = event.kind === 'measurement' && typeof event.data.fileId === 'string' ? event.data.fileId : null;
  const photo = event.kind === 'measurement' && (photoId !== null || event.data.type === 'camera');
  const ranged = (event.kind === 'measurement' || event.kind === 'alert') && !photo;
  const rangeClass = rangeOf(event);
  const color = ranged ? rangeColor(rangeClass) : 'var(--mantine-color-dimmed)';

  return (
    <Group
      component="li"
      gap="sm"
      align="flex-start"
      wrap="nowrap"
      py="xs"
      data-testid="timeline-item"
      data-kind={event.kind}
      data-ref-id={event.refId ?? undefined}
      data-range={rangeClass ?? 'none'}
      style={{ borderBottom: '1px solid var(--oc-color-border)' }}
    >
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          flex: 'none',
          alignItems: 'center',
          justifyContent: 'center',
          width: 28,
          height: 28,
          borderRadius: 999,
          border: `2px solid ${color}`,
          color,
        }}
      >
        {ICONS[event.kind]}
      </span>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {ranged && <RangeBadge rangeClass={rangeClass} />}
        </Group>
        {detail && (
          <Text size="sm">
            <bdi>{detail}</bdi>
          </Text>
        )}
        {typeof event.data.caregiverName === 'string' && (
          <Text size="xs" c="dimmed" data-testid="timeline-by-caregiver">
            {t('timeline.byCaregiver', { name: event.data.caregiverName })}
          </Text>
        )}
        {photoId && <PhotoThumbnail fileId={photoId} alt={title} />}
        {event.visit && event.refId && <VisitRecordOnTimeline visitId={event.refId} record={event.visit} />}
        <Text size="xs" c="dimmed">
          <bdi>{format.dateTime(event.at)}</bdi>
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * A completed visit on the timeline: its summary (every reader) and, when the server sent it (the
 * care team), the note as it is now, signed, with its addenda; and the way to the whole record.
 */
function VisitRecordOnTimeline({ visitId, record }: { visitId: string; record: NonNullable<TimelineEvent['visit']> }) {
  const { t } = useTranslation('visits');
  return (
    <Stack gap={6} data-testid="timeline-visit-record">
      {record.summary && (
        <Stack gap={0}>
          <Text size="xs" fw={600}>
            {t('record.summary')}
          </Text>
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="timeline-visit-summary">
            {record.summary}
          </Text>
        </Stack>
      )}
      {record.note && (
        <Stack gap={0}>
          <Text size="xs" fw={600}>
            {t('record.note')}
          </Text>
          <VisitNoteView note={record.note} />
        </Stack>
      )}
      <Anchor component={Link} to={pathTo('visitRecord', { id: visitId })} size="xs">
        {t('record.open')}
      </Anchor>
    </Stack>
  );
}

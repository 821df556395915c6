import type { TimelineEvent } from '@opencare/schemas/entities/patients';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMeasurementName } from '../shared/use-measurement-name';
import { useReadingFormat } from '../shared/use-reading-format';

const APPOINTMENT_ACTIONS = ['booked', 'confirmed', 'cancelled', 'rescheduled', 'walkIn'] as const;
const APPOINTMENT_TYPES = ['pv', 'tv'] as const;
const VISIT_ACTIONS = ['completed', 'noteSigned', 'addendumAdded'] as const;

// An event's display summary comes from its writer (measurements, mail, appointments, visits): read
// only what is there, of the right kind, and fall back to the kind's name.
const textOf = (data: Record<string, unknown>, key: string) =>
  typeof data[key] === 'string' ? data[key] : undefined;
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.find((option) => option === value);

function valuesOf(data: Record<string, unknown>): Record<string, number> | undefined {
  if (typeof data.values !== 'object' || data.values === null) return undefined;
  const numeric = Object.entries(data.values).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return numeric.length > 0 ? Object.fromEntries(numeric) : undefined;
}

export interface TimelineText {
  title: string;
  detail?: string;
}

/** What a timeline event says: a title in the reader's language and, where the event has one, a detail line. */
export function useTimelineText(): (event: TimelineEvent) => TimelineText {
  const { t } = useTranslation('patients');
  const format = useReadingFormat();
  const measurementName = useMeasurementName();

  return useCallback(
    (event: TimelineEvent): TimelineText => {
      const { data } = event;
      const type = textOf(data, 'type');
      const visitDetail = () => {
        const appointmentType = oneOf(APPOINTMENT_TYPES, type);
        const startsAt = textOf(data, 'startsAt');
        const parts = [
          appointmentType ? t(`appointments.types.${appointmentType}`) : undefined,
          startsAt ? format.dateTime(startsAt) : undefined,
          textOf(data, 'provider'),
        ];
        return parts.filter(Boolean).join(' · ') || undefined;
      };
      switch (event.kind) {
        case 'measurement': {
          const values = valuesOf(data);
          return {
            title: type
              ? t('timeline.withType.measurement', { type: measurementName(type) })
              : t('timeline.kinds.measurement'),
            detail: type && values ? format.reading(type, values).main : undefined,
          };
        }
        case 'alert':
          return {
            title: type
              ? t('timeline.withType.alert', { type: measurementName(type) })
              : t('timeline.kinds.alert'),
          };
        case 'taskCompleted':
          return {
            title: type
              ? t('timeline.withType.taskCompleted', { type: measurementName(type) })
              : t('timeline.kinds.taskCompleted'),
          };
        case 'message': {
          const subject = textOf(data, 'subject');
          const sender = textOf(data, 'senderName');
          return {
            title: t('timeline.kinds.message'),
            detail: subject && sender ? t('timeline.messageFrom', { subject, name: sender }) : subject,
          };
        }
        case 'appointment': {
          const action = oneOf(APPOINTMENT_ACTIONS, data.action);
          return {
            title: action ? t(`timeline.appointment.${action}`) : t('timeline.kinds.appointment'),
            detail: visitDetail(),
          };
        }
        case 'visit': {
          const action = oneOf(VISIT_ACTIONS, data.action);
          return { title: action ? t(`timeline.visit.${action}`) : t('timeline.kinds.visit'), detail: visitDetail() };
        }
        case 'gateway':
          return { title: t('timeline.kinds.gateway'), detail: textOf(data, 'displayName') };
      }
    },
    [t, format, measurementName],
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Task, TaskStatus } from '@opencare/schemas/entities/care';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ROUTES } from '../../route-paths';
import { twelveHour } from './twelve-hour';

const STATUS_COLOURS: Record<TaskStatus, string> = { pending: 'blue', overdue: 'red', complete: 'green', cancelled: 'gray' };

/**
 * One daily task: what to measure, when (12-hour form), its status and, while its window is open,
 * the way to take it; before it opens, when it does (`opensAt`, HH:mm).
 */
export function TaskRow({ task, status, canTake, opensAt = null }: { task: Task; status: TaskStatus; canTake: boolean; opensAt?: string | null }) {
  const { t, i18n } = useTranslation('measurements');
  const time = twelveHour(task.time, i18n.language);
  const type = t(`types.${task.type}`);
  const open = status === 'pending' || status === 'overdue';
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="task-row" data-status={status} data-task-id={task.id}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text fw={600}>
            {type}
            {task.meal && (
              <Text span c="dimmed" fw={400}>
                {` · ${t(`meal.${task.meal}`)}`}
              </Text>
            )}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              <bdi>{time}</bdi>
            </Text>
            <Badge color={STATUS_COLOURS[status]} variant="light" data-testid="task-status">
              {t(`tasks.status.${status}`)}
            </Badge>
          </Group>
        </Stack>
        {open && canTake && (
          <Button
            component={Link}
            to={`${ROUTES.measurements}?type=${task.type}&task=${task.id}`}
            size="xs"
            style={{ flexShrink: 0 }}
            aria-label={t('tasks.takeNamed', { type, time })}
          >
            {t('tasks.take')}
          </Button>
        )}
        {open && !canTake && opensAt && (
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }} data-testid="task-opens-at">
            {t('tasks.opensAt', { time: twelveHour(opensAt, i18n.language) })}
          </Text>
        )}
      </Group>
    </Paper>
  );
}

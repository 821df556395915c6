import {
  ActionIcon,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { GATT_ACTIONS, GATT_DATA_TYPES } from '@opencare/schemas/entities/devices';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskField, TaskValues } from './builder-values';
import { useFieldMessage } from '../../components/form/use-field-message';
import { useDeviceMessages } from './shared/use-device-messages';

interface TaskCardProps {
  task: TaskValues;
  /** 1-based position within its phase, and how many the phase has. */
  position: number;
  count: number;
  errors: Partial<Record<TaskField, string>>;
  onChange: (changes: Partial<TaskValues>) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
  /** Where the keyboard focus goes once this card is in place: a new task's first field, or a move button. */
  focus?: TaskFocus;
  onFocused: () => void;
}

export type TaskFocus = 'first' | 'up' | 'down';

/**
 * One GATT task (spec §3). UUIDs, handles and values are typed left to right in every language;
 * the write value is asked for only when the action writes.
 */
export function TaskCard({
  task,
  position,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
  focus,
  onFocused,
}: TaskCardProps) {
  const { t } = useTranslation('devices');
  const message = useFieldMessage(useDeviceMessages());
  const first = useRef<HTMLInputElement>(null);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);

  // A moved card may have been taken out of the page and put back, which drops the focus: give it
  // back to the button pressed, or to the other one once the card reached the end of its phase.
  useEffect(() => {
    if (!focus) return;
    const wanted = focus === 'first' ? first : focus === 'up' ? up : down;
    const fallback = focus === 'up' ? down : up;
    const target = wanted.current && !wanted.current.disabled ? wanted.current : fallback.current;
    target?.focus();
    onFocused();
  }, [focus, onFocused]);

  const title = t('tasks.title', { phase: t(`phases.${task.phase}.name`), number: position });
  const text = (field: Exclude<TaskField, 'action' | 'dataType'>, ltr = true) => ({
    name: field,
    label: t(`tasks.fields.${field}`),
    value: task[field],
    error: message(errors[field]),
    dir: ltr ? 'ltr' : undefined,
    onChange: (event: { currentTarget: { value: string } }) =>
      onChange({ [field]: event.currentTarget.value }),
  });

  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="task-card" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} miw={0}>
            <Title order={4} size="h6">
              {title}
            </Title>
            {(task.service || task.characteristic) && (
              <Text size="xs" c="dimmed" truncate>
                {t(`actions.${task.action}`)}{' '}
                <bdi dir="ltr">{[task.service, task.characteristic].filter(Boolean).join(' / ')}</bdi>
              </Text>
            )}
          </Stack>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              ref={up}
              size="lg"
              variant="default"
              aria-label={t('tasks.moveUp', { task: title })}
              disabled={position === 1}
              onClick={() => onMove(-1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              ref={down}
              size="lg"
              variant="default"
              aria-label={t('tasks.moveDown', { task: title })}
              disabled={position === count}
              onClick={() => onMove(1)}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              size="lg"
              variant="light"
              color="red"
              aria-label={t('tasks.remove', { task: title })}
              onClick={onRemove}
            >
              ×
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
          <TextInput ref={first} {...text('service')} required placeholder="1810" maxLength={36} />
          <TextInput {...text('characteristic')} required placeholder="2A35" maxLength={36} />
          <NativeSelect
            name="action"
            label={t('tasks.fields.action')}
            value={task.action}
            onChange={(event) => onChange({ action: event.currentTarget.value as TaskValues['action'] })}
            data={GATT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
          />
          <NativeSelect
            name="dataType"
            label={t('tasks.fields.dataType')}
            value={task.dataType}
            onChange={(event) => onChange({ dataType: event.currentTarget.value as TaskValues['dataType'] })}
            data={GATT_DATA_TYPES.map((type) => ({ value: type, label: t(`dataTypes.${type}`) }))}
          />
          {task.action === 'write' && (
            <TextInput
              {...text('writeValue', task.dataType !== 'string')}
              required
              maxLength={512}
              description={t(`tasks.writeHints.${task.dataType}`)}
            />
          )}
          <TextInput {...text('descriptors')} placeholder="2902" description={t('tasks.descriptorsHint')} />
          <TextInput {...text('handle')} inputMode="numeric" placeholder="42" maxLength={5} />
          <TextInput {...text('uuid')} maxLength={36} />
          <TextInput {...text('nextAction', false)} maxLength={60} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

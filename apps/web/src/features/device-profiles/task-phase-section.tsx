import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BuilderErrors, TaskPhase, TaskValues } from './builder-values';
import { TaskCard, type TaskFocus } from './task-card';

interface TaskPhaseSectionProps {
  phase: TaskPhase;
  /** This phase's tasks, in order. */
  tasks: TaskValues[];
  errors: BuilderErrors['tasks'];
  onAdd: () => void;
  onChange: (key: string, changes: Partial<TaskValues>) => void;
  onMove: (key: string, direction: -1 | 1) => void;
  onRemove: (key: string) => void;
  focus: { key: string; target: TaskFocus } | null;
  onFocused: () => void;
}

/** One of the three phases a gateway runs in order: start (connect), task (measure), end (wrap up). */
export function TaskPhaseSection(props: TaskPhaseSectionProps) {
  const { phase, tasks, errors, onAdd, onChange, onMove, onRemove, focus, onFocused } = props;
  const { t } = useTranslation('devices');
  const headingId = `phase-${phase}`;
  const add = useRef<HTMLButtonElement>(null);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`phase-${phase}`}
    >
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {t(`phases.${phase}.title`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`phases.${phase}.hint`)}
          </Text>
        </div>
        {tasks.length > 0 && (
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {tasks.map((task, index) => (
              <TaskCard
                key={task.key}
                task={task}
                position={index + 1}
                count={tasks.length}
                errors={errors[task.key] ?? {}}
                onChange={(changes) => onChange(task.key, changes)}
                onMove={(direction) => onMove(task.key, direction)}
                onRemove={() => {
                  onRemove(task.key);
                  // The removed card took the focus with it: the phase's add button is nearest.
                  add.current?.focus();
                }}
                focus={focus?.key === task.key ? focus.target : undefined}
                onFocused={onFocused}
              />
            ))}
          </Stack>
        )}
        <Button ref={add} variant="light" onClick={onAdd} w="fit-content">
          {t(`phases.${phase}.add`)}
        </Button>
      </Stack>
    </Paper>
  );
}

import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface ChoiceControlProps<V extends string> {
  label: string;
  description?: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId?: string;
}

/**
 * A labelled set of radio choices. Chips rather than a segmented control: they wrap onto a second
 * line at 360 px or with extra-large text, where a segmented control would cut its labels off.
 */
export function ChoiceControl<V extends string>({
  label,
  description,
  value,
  options,
  onChange,
  testId,
}: ChoiceControlProps<V>) {
  const labelId = useId();
  const descriptionId = useId();
  // One name for the group's radios, so the arrow keys move between them.
  const name = useId();
  return (
    <Stack gap={6}>
      <Stack gap={2}>
        <Text id={labelId} fw={500} size="sm">
          {label}
        </Text>
        {description && (
          <Text id={descriptionId} size="xs" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      <Chip.Group
        multiple={false}
        value={value}
        onChange={(next) => {
          const chosen = options.find((option) => option.value === next);
          if (chosen) onChange(chosen.value);
        }}
      >
        <Group
          gap="xs"
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={description ? descriptionId : undefined}
          data-testid={testId}
        >
          {options.map((option) => (
            <Chip key={option.value} value={option.value} name={name} variant="outline" radius="md">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

import { Chip, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';

interface ChoiceChipsProps<V extends string> {
  label: string;
  value: V | null;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  required?: boolean;
  testId?: string;
}

/**
 * A labelled set of radio chips that may start with nothing chosen (spec §5: the person must choose
 * before sending). Chips wrap onto more lines on a phone; the arrow keys move between them.
 */
export function ChoiceChips<V extends string>({ label, value, options, onChange, required, testId }: ChoiceChipsProps<V>) {
  const labelId = useId();
  const name = useId();
  return (
    <Stack gap={6}>
      <Text id={labelId} fw={500} size="sm">
        {label}
        {required && (
          <Text span c="red" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Chip.Group
        multiple={false}
        value={value}
        onChange={(next) => {
          const chosen = options.find((option) => option.value === next);
          if (chosen) onChange(chosen.value);
        }}
      >
        <Group gap="xs" role="radiogroup" aria-labelledby={labelId} aria-required={required} data-testid={testId}>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} name={name} variant="outline" radius="md" data-value={option.value}>
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
}

import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled group of a form's fields, two columns wide where there is room. */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>
    </Fieldset>
  );
}

import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A fieldset's legend drawn as the subheading it is. */
export function SectionLegend({ children }: { children: ReactNode }) {
  return (
    <Text component="span" fw={650} size="lg">
      {children}
    </Text>
  );
}

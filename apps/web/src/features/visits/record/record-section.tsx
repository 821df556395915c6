import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './visit-record.module.css';

/** One titled part of the visit record: a section named by its heading, printed with the record. */
export function RecordSection({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id} className={classes.section} data-testid={testId}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

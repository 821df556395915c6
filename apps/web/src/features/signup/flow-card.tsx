import { Container, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from '../../components/form/readable-errors.module.css';

/** The card every sign-up and invitation screen sits in, narrow enough to read, full width on phones. */
export function FlowCard({
  title,
  children,
  size = 720,
}: {
  title: ReactNode;
  children: ReactNode;
  size?: number;
}) {
  return (
    <Container size={size} px={0} py="md" className={classes.root}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        <Stack gap="lg">
          {title}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

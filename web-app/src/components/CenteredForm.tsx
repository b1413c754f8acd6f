import { Container, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The signed-out pages (sign in, first owner): one form in the middle, in a main landmark. */
export function CenteredForm({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={420} py={64} component="main">
      <Title order={1} mb="lg">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}

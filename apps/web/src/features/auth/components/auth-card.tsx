import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of every auth screen: a heading, an optional line below it, then the form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={460} mx="auto" shadow="xs">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, xs: 28 }}>
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" size="sm">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

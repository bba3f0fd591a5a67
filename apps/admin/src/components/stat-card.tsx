import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One headline figure on a dashboard. */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="div" fz={28} fw={700} lh={1.2}>
        {value}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** While a screen's data loads: a labelled spinner (announced once, not a blank area). */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** A read that failed: the server's message when it sent one, and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof ApiError ? error.message : messages.genericError;
  return (
    <Alert
      role="alert"
      color="error"
      variant="light"
      icon={<IconAlertCircle aria-hidden />}
      title="Could not load this"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="outline" color="error" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** Nothing to show yet: a friendly line and, where there is one, the way forward. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text c="dimmed" ta="center">
        {children}
      </Text>
      {action}
    </Stack>
  );
}

import { Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Stable keys for a row of loading placeholders. */
export const placeholderKeys = (count: number) => Array.from({ length: count }, (_, i) => `placeholder-${i}`);

/** A failed load: the known message and a way to try again. */
export function ErrorState({
  message,
  onRetry,
  title = 'Sorry, that did not load',
}: {
  message: string;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <EmptyState
      role="alert"
      py="xl"
      color="error"
      icon={<IconAlertTriangle aria-hidden />}
      title={title}
      description={message}
    >
      {onRetry && (
        <EmptyState.Actions>
          <Button variant="light" onClick={onRetry}>
            Try again
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}

/** Nothing to show: a friendly line and a way forward. */
export function NothingHere({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyState py="xl" icon={<IconMoodEmpty aria-hidden />} title={title} description={description}>
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}

/** A few grey bars while a text block loads. */
export function TextSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <Stack gap="xs" aria-hidden>
      {placeholderKeys(lines).map((key, i) => (
        <Skeleton key={key} height={14} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </Stack>
  );
}

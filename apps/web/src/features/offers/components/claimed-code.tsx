import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Claim } from '@parade/core/offer-schemas';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import classes from './claim-code.module.css';

/**
 * Just claimed: the code in letters big enough to hold up at the till, its status (the badge,
 * composed by the screen) and until when it can be used, and the way to My offers. Focus moves
 * here when it appears, so a screen reader announces the code.
 */
export function ClaimedCode({ claim, status }: { claim: Claim; status: ReactNode }) {
  const formatDate = useFormatDate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      className={classes.panel}
      component="section"
      aria-labelledby="claimed-title"
      data-testid="claimed-code"
    >
      <Stack gap="sm" align="center" ta="center">
        <IconCircleCheck size={40} aria-hidden color="var(--mantine-color-accent-8)" />
        <Title order={2} fz="h3" id="claimed-title" ref={heading} tabIndex={-1}>
          Offer claimed
        </Title>
        <Text>
          <Text span fw={700}>
            {claim.offer.title}
          </Text>{' '}
          at {claim.vendor.name}
        </Text>
        <Text size="sm" c="dimmed">
          Show this code at the till
        </Text>
        <Text className={classes.code} data-testid="claim-code">
          {claim.code}
        </Text>
        <Group gap="xs" justify="center">
          {status}
          {claim.expires_at && (
            <Text size="sm" c="dimmed">
              Use it by {formatDate(claim.expires_at)}
            </Text>
          )}
        </Group>
        <Button component={Link} to={paths.profileOffers()} variant="light" mt="xs">
          My offers
        </Button>
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { payoutRequirementLabel } from '@parade/core/payout-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconBuildingBank, IconExternalLink } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/states';
import { type Tone, ToneBadge } from '@/components/status-badge';
import { usePayoutAccount, useStartOnboarding } from '../api/payouts';

const stateBadge: Record<'not_started' | 'in_progress' | 'ready', { tone: Tone; label: string }> = {
  not_started: { tone: 'neutral', label: 'Not set up' },
  in_progress: { tone: 'warning', label: 'Stripe needs more' },
  ready: { tone: 'success', label: 'Ready for payouts' },
};

/**
 * The shop's payouts through Stripe (docs/decisions/031): its status, what Stripe still needs,
 * and the button to Stripe's onboarding (which comes back here). Shown on the Money page.
 */
export function PayoutAccountCard() {
  const account = usePayoutAccount();
  const start = useStartOnboarding();
  const [params] = useSearchParams();
  const [leaving, setLeaving] = useState(false);
  const back = params.get('payouts');

  // Back from Stripe: its webhook may have just changed the status.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per return
  useEffect(() => {
    if (back) void account.refetch();
  }, [back]);

  const open = () =>
    start.mutate(undefined, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        window.location.assign(url);
      },
    });

  if (account.isError) return <ErrorState error={account.error} onRetry={() => account.refetch()} />;
  const data = account.data;
  const badge = data ? stateBadge[data.state] : null;
  const busy = start.isPending || leaving;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="payouts-heading"
      aria-busy={account.isPending}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h4" id="payouts-heading">
                Payouts
              </Title>
              {badge && <ToneBadge tone={badge.tone}>{badge.label}</ToneBadge>}
            </Group>
            <Text size="sm" c="dimmed">
              {!data
                ? 'Loading your payout status…'
                : data.state === 'ready'
                  ? 'Stripe pays your available balance into your bank account at each payout run.'
                  : data.state === 'in_progress'
                    ? 'Your Stripe account is started. Finish it so Parade can pay you.'
                    : 'Parade pays your available balance through Stripe. Set up your Stripe account to be paid.'}
            </Text>
          </Stack>
          {data && (
            <Button
              leftSection={<IconBuildingBank size={18} aria-hidden />}
              rightSection={<IconExternalLink size={16} aria-hidden />}
              variant={data.state === 'ready' ? 'default' : 'filled'}
              onClick={open}
              loading={busy}
            >
              {data.state === 'ready'
                ? 'Update payout details'
                : data.state === 'in_progress'
                  ? 'Continue payout set-up'
                  : 'Set up payouts'}
            </Button>
          )}
        </Group>
        {data && data.state !== 'ready' && data.requirements_due.length > 0 && (
          <div>
            <Text size="sm" fw={600} id="payouts-due">
              Stripe still needs:
            </Text>
            <List size="sm" aria-labelledby="payouts-due">
              {[...new Set(data.requirements_due.map(payoutRequirementLabel))].map((label) => (
                <List.Item key={label}>{label}</List.Item>
              ))}
            </List>
          </div>
        )}
        {back === 'refresh' && data?.state !== 'ready' && (
          <Text size="sm">The Stripe link ran out. Press the button to carry on where you left off.</Text>
        )}
        {start.isError && (
          <Alert color="error" role="alert" title="Could not open Stripe">
            {start.error instanceof ApiError ? start.error.message : 'Please try again in a moment.'}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

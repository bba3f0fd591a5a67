import { Anchor, Group, Paper, Select, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useRewardBalances } from '../api/get-reward-balances';
import { type RewardHistoryEntry, type RewardHistoryFilters, useRewardHistory } from '../api/get-reward-history';
import { rewardReasonLabels } from '../reason-labels';

/** Readable on white at small sizes (WCAG AA): dark green for points in, the theme's dark red for points out. */
const EARNED_COLOUR = '#1E6B31';
const SPENT_COLOUR = 'var(--mantine-color-error-8)';

/**
 * The customer's points ledger, newest first, a page at a time, optionally for one shop. The
 * route keeps the filters in the URL and passes them in.
 */
export function RewardLedger({
  filters,
  onChange,
}: {
  filters: RewardHistoryFilters;
  onChange: (filters: RewardHistoryFilters) => void;
}) {
  const history = useRewardHistory(filters);
  const balances = useRewardBalances();

  // The shops to filter by: those with a balance, those in the entries shown, and the chosen one.
  const shops = new Map<number, string>();
  for (const balance of balances.data ?? []) shops.set(balance.shop.id, balance.shop.name);
  for (const entry of history.data?.data ?? []) shops.set(entry.shop.id, entry.shop.name);
  if (filters.shop !== null && !shops.has(filters.shop)) shops.set(filters.shop, `Shop #${filters.shop}`);
  const shopOptions = [...shops]
    .sort(([, a], [, b]) => a.localeCompare(b))
    .map(([id, name]) => ({ value: String(id), label: name }));

  return (
    <Stack gap="sm">
      <Select
        label="Shop"
        placeholder="All shops"
        data={shopOptions}
        value={filters.shop === null ? null : String(filters.shop)}
        onChange={(value) => onChange({ shop: value ? Number(value) : null, page: 1 })}
        clearable
        maw={360}
        comboboxProps={{ withinPortal: true }}
      />
      {history.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your points history">
          {placeholderKeys(4).map((key) => (
            <Skeleton key={key} height={64} radius="md" />
          ))}
        </Stack>
      ) : history.isError ? (
        <ErrorState message={history.error.message} onRetry={() => history.refetch()} />
      ) : history.data.total === 0 ? (
        <NothingHere
          title={filters.shop === null ? 'No points history yet' : 'No points history at this shop'}
          description="Points you earn on delivered orders and spend at checkout are listed here."
        />
      ) : (
        <>
          <Stack
            component="ul"
            gap="xs"
            aria-label="Points history"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="reward-ledger"
          >
            {history.data.data.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} />
            ))}
          </Stack>
          <Paging
            page={filters.page}
            total={history.data.last_page}
            onChange={(page) => onChange({ ...filters, page })}
            label="Points history pages"
          />
        </>
      )}
    </Stack>
  );
}

function LedgerRow({ entry }: { entry: RewardHistoryEntry }) {
  const formatDate = useFormatDate();
  const earned = entry.points >= 0;
  const amount = Math.abs(entry.points).toLocaleString('en-GB');
  // An adjustment of an order is a received return's (decision 030): points given back or taken back.
  const reason =
    entry.reason === 'adjustment' && entry.order_id !== null
      ? 'Returned items: points given back or taken back'
      : rewardReasonLabels[entry.reason];
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="reward-entry" data-reason={entry.reason}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{reason}</Text>
          <Text size="sm" c="dimmed">
            {formatDate(entry.created_at)} · {entry.shop.name}
            {entry.order_id !== null && (
              <>
                {' · '}
                <Anchor component={Link} to={paths.order(entry.order_id)} size="sm" underline="always">
                  Order #{entry.order_id}
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        <Text
          fw={800}
          fz="lg"
          style={{ color: earned ? EARNED_COLOUR : SPENT_COLOUR, whiteSpace: 'nowrap' }}
          data-testid="reward-points"
        >
          <span aria-hidden>
            {earned ? '+' : '−'}
            {amount}
          </span>
          <VisuallyHidden>{`${earned ? 'plus' : 'minus'} ${amount} points`}</VisuallyHidden>
        </Text>
      </Group>
    </Paper>
  );
}

// Mantine's styles load per component; this one only with the screens that use it.
import '@mantine/core/styles/SegmentedControl.layer.css';
import { Button, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReturnStatus, returnStatuses } from '@parade/core/enum-values';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { StatusBadge } from '@/features/orders/components/status-badge';
import { useReturns } from '@/features/returns/api/get-returns';
import { ReturnCard } from '@/features/returns/components/return-card';
import { paths } from '@/lib/paths';

const statusFilter = [
  { value: 'all', label: 'All' },
  ...returnStatuses.map((status) => ({ value: status, label: status[0]?.toUpperCase() + status.slice(1) })),
];

const isStatus = (value: string | null): value is ReturnStatus =>
  value !== null && (returnStatuses as readonly string[]).includes(value);

/** /profile/order-return: the customer's returns, newest first, with the shop's answers. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const returns = useReturns(page, status);

  const go = (next: { page?: number; status?: string }) => {
    const query: Record<string, string> = {};
    const nextStatus = next.status ?? status ?? 'all';
    if (nextStatus !== 'all') query.status = nextStatus;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query);
  };

  return (
    <Stack gap="md">
      <PageMeta title="My returns" description="Items you asked to return and the shops' answers." />
      <Title order={2}>My returns</Title>
      <SegmentedControl
        aria-label="Show returns"
        data={statusFilter}
        value={status ?? 'all'}
        onChange={(value) => go({ status: value })}
        style={{ alignSelf: 'flex-start' }}
      />
      {returns.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading returns">
          {placeholderKeys(2).map((key) => (
            <Skeleton key={key} height={150} radius="md" />
          ))}
        </Stack>
      ) : returns.isError ? (
        <ErrorState message={returns.error.message} onRetry={() => returns.refetch()} />
      ) : returns.data.data.length === 0 ? (
        status ? (
          <NothingHere title={`No ${status} returns`} description="Choose All to see every return." />
        ) : (
          <NothingHere
            title="No returns yet"
            description={
              <Text component="span" size="sm">
                To return an item of a delivered order, open the order and choose Return item.
              </Text>
            }
            action={
              <Button component={Link} to={paths.orders()}>
                My orders
              </Button>
            }
          />
        )
      ) : (
        <>
          <Stack gap="sm" component="section" aria-label="Returns">
            {returns.data.data.map((entry) => (
              <ReturnCard
                key={entry.id}
                item={entry}
                badge={<StatusBadge status={entry.status} label="Return status" />}
              />
            ))}
          </Stack>
          <Paging
            page={page}
            total={returns.data.last_page}
            onChange={(next) => go({ page: next })}
            label="Return pages"
          />
        </>
      )}
    </Stack>
  );
}

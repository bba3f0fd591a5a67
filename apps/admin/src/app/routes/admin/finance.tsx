import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import type { FinanceGroup } from '@parade/core/finance-schemas';
import { formatMoney } from '@parade/core/money';
import { ApiError } from '@parade/ui/api-errors';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { DateFilterInput } from '@/components/date-filter-input';
import { notifyError } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { ErrorState, LoadingState } from '@/components/states';
import { downloadFinanceCsv, useFinanceReport } from '@/features/finance/api/finance';
import { FinanceTable } from '@/features/finance/components/finance-table';
import { useListParams } from '@/hooks/use-list-params';

const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The platform's money (docs/decisions/032): what shoppers bought, what Parade earned, what went
 * back to shoppers and what was paid to shops, per day or per shop, with the payouts due now and
 * a CSV for the accountant. The range and grouping live in the URL.
 */
export function Component() {
  const list = useListParams(['date_from', 'date_to', 'group'] as const);
  const group: FinanceGroup = list.filters.group === 'shop' ? 'shop' : 'day';
  const filters = {
    date_from: list.filters.date_from || undefined,
    date_to: list.filters.date_to || undefined,
    group,
  };
  const report = useFinanceReport(filters);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFinanceCsv(filters);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : 'Could not download the report.');
    } finally {
      setDownloading(false);
    }
  };

  const data = report.data;
  // A range the API refuses (backwards, longer than a report covers) is said under its date; the
  // page's error state, with a "Try again" that could never work, is for the rest.
  const refused = report.error instanceof ApiError && report.error.status === 422 ? report.error.errors : {};
  const dateErrors =
    refused.date_from || refused.date_to ? { from: refused.date_from?.[0], to: refused.date_to?.[0] } : null;
  return (
    <Stack gap="lg">
      <PageHeader
        title="Finance"
        description="Sales, commission, refunds and payouts across every shop, by day or by shop."
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={download}
            loading={downloading}
            disabled={report.isError}
          >
            Download CSV
          </Button>
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateFilterInput
          label="From"
          value={list.filters.date_from}
          onChange={(v) => list.setFilter('date_from', v)}
          error={dateErrors?.from}
        />
        <DateFilterInput
          label="To"
          value={list.filters.date_to}
          onChange={(v) => list.setFilter('date_to', v)}
          error={dateErrors?.to}
        />
        <SegmentedControl
          aria-label="Group by"
          value={group}
          onChange={(value) => list.setFilter('group', value === 'shop' ? 'shop' : '')}
          data={[
            { value: 'day', label: 'By day' },
            { value: 'shop', label: 'By shop' },
          ]}
        />
      </Group>
      {dateErrors ? (
        <Text size="sm" c="dimmed">
          Change the dates to see the report.
        </Text>
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => report.refetch()} />
      ) : !data ? (
        <LoadingState label="Adding up the figures" />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {shortDay(data.date_from)} to {shortDay(data.date_to)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} aria-busy={report.isFetching}>
            <StatCard
              label="Gross sales"
              value={formatMoney(data.totals.gross_sales)}
              hint={`${data.totals.orders} orders`}
            />
            <StatCard label="Commission" value={formatMoney(data.totals.commission)} hint="Earned by Parade" />
            <StatCard label="Refunds" value={formatMoney(data.totals.refunds)} hint="Back to shoppers" />
            <StatCard label="Payouts made" value={formatMoney(data.totals.payouts)} hint="Paid to shops" />
            <StatCard label="Payouts due" value={formatMoney(data.payouts_due)} hint="Available to shops now" />
          </SimpleGrid>
          <FinanceTable report={data} fetching={report.isFetching} />
        </>
      )}
    </Stack>
  );
}

import { Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@parade/core/money';
import { ApiError } from '@parade/ui/api-errors';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyError } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { ErrorState } from '@/components/states';
import { downloadLedgerCsv, useBalance, useLedger } from '@/features/money/api/money';
import { LedgerTable } from '@/features/money/components/ledger-table';
import { recentMonths } from '@/features/money/components/month-options';
import { PayoutAccountCard } from '@/features/payouts/components/payout-account-card';
import { useListParams } from '@/hooks/use-list-params';
import { paths } from '@/lib/paths';

/**
 * The shop's money on Parade (docs/decisions/028): what is held in the payout hold, what is
 * available, what was paid out; every entry behind those figures; a CSV for the accountant and
 * a printable monthly statement.
 */
export function Component() {
  const balance = useBalance();
  const list = useListParams();
  const ledger = useLedger(list.page);
  const months = recentMonths(12);
  const [month, setMonth] = useState(months[0]!.value);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLedgerCsv({});
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : 'Could not download the ledger.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Money"
        description="What Parade holds for your shop: card sales once delivered, less commission; a cash sale's commission is owed to Parade."
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={download}
            loading={downloading}
          >
            Download CSV
          </Button>
        }
      />
      {balance.isError ? (
        <ErrorState error={balance.error} onRetry={() => balance.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} aria-busy={balance.isPending}>
          <StatCard
            label="Pending"
            value={balance.data ? formatMoney(balance.data.pending) : '…'}
            hint="Held for a few days after delivery"
          />
          <StatCard
            label="Available"
            value={balance.data ? formatMoney(balance.data.available) : '…'}
            hint="Paid out at the next payout run"
          />
          <StatCard label="Paid out" value={balance.data ? formatMoney(balance.data.paid_out) : '…'} hint="So far" />
        </SimpleGrid>
      )}
      <PayoutAccountCard />
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Monthly statement"
            data={months}
            value={month}
            onChange={(value) => value && setMonth(value)}
            allowDeselect={false}
            w={220}
          />
          <Button
            component={Link}
            to={`${paths.vendor.statement}?month=${month}`}
            variant="light"
            leftSection={<IconFileInvoice size={18} aria-hidden />}
          >
            Open statement
          </Button>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          A month's entries with its opening and closing balance, ready to print or save as PDF.
        </Text>
      </Paper>
      <LedgerTable
        result={ledger.data}
        fetching={ledger.isFetching}
        error={ledger.error}
        onRetry={() => ledger.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        orderHref={paths.vendor.order}
      />
    </Stack>
  );
}
